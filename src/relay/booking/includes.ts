/**
 * What a service includes (its checklist in content/services.yaml), as the quote shows it: on the page,
 * in the email's html and in its text, each filled from the words the build kept once (markup.ts).
 */
import { fillSlots } from "../../shared/slots.ts";
import { BOOKING_MARKUP } from "./markup.ts";

type Parts = { includes: string; area: string; item: string };

const listOf = (service: string | undefined) =>
  service === undefined
    ? undefined
    : (
        BOOKING_MARKUP.services as Record<
          string,
          { heading: string; groups: readonly { area: string; items: readonly string[] }[] }
        >
      )[service];

/** The list as markup, in the page's parts or the email's; nothing for a service without one. */
export function includesMarkup(
  service: string | undefined,
  parts: Parts,
  itemsSlot: "items" | "areas",
): string {
  const list = listOf(service);
  if (!list) return "";
  const areas = list.groups
    .map((g) =>
      fillSlots(
        parts.area,
        { area: g.area },
        { items: g.items.map((i) => fillSlots(parts.item, { item: i })).join("") },
      ),
    )
    .join("");
  return fillSlots(parts.includes, { heading: list.heading }, { [itemsSlot]: areas });
}

/** The list as text, for the email's text part. */
export function includesText(service: string | undefined): string {
  const list = listOf(service);
  if (!list) return "";
  return [
    `${list.heading}:`,
    ...list.groups.flatMap((g) => [`${g.area}:`, ...g.items.map((i) => `- ${i}`)]),
  ].join("\n");
}
