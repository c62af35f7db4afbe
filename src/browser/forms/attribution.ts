/**
 * What a form posts of where its visit came from (kept by visit.ts, which
 * the page's load script runs): the first page, the source in words (a search
 * engine or social site by name, another site's host, or direct: from the
 * referrer's host only; src/shared/forms/attribution.ts), the campaign tags,
 * and the page the form is sent from. Browser code.
 */
import { ATTRIBUTION_FIELDS, sourceOf } from "../../shared/forms/attribution.ts";
import { VISIT_KEY } from "./visit.ts";

/** The visit's fields to post with a form, and the page it is sent from. */
export function visitFields(): Record<string, string> {
  let visit: Record<string, unknown> = {};
  try {
    visit = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? "{}") as Record<string, unknown>;
  } catch {
    // Nothing kept: the page alone.
  }
  // Kept before the source was put into words at send time, a visit may carry it already.
  if (typeof visit.referrer === "string" && typeof visit.source !== "string")
    visit.source = sourceOf(visit.referrer, location.host);
  const fields = Object.fromEntries(
    ATTRIBUTION_FIELDS.filter((f) => typeof visit[f] === "string").map((f) => [f, visit[f] as string]),
  );
  return { ...fields, page: location.pathname };
}
