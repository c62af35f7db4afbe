/**
 * Which lead a submission is, so a repeat (a double click, a retry after a
 * lost answer) stores nothing new. A script sends the random submissionId its
 * form made when the visitor started it; a form posted without script has
 * none, so its id is a hash of what was typed within a 10-minute window: the
 * same text sent again within 10 to 20 minutes is taken as the same lead.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { sha256Hex } from "../../shared/hex.ts";

export const REPEAT_WINDOW_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function leadId(
  form: FormKind,
  submissionId: unknown,
  fields: Record<string, string>,
  receivedAt: number,
): Promise<{ id: string; repeatOf?: string }> {
  if (typeof submissionId === "string" && UUID.test(submissionId)) return { id: submissionId.toLowerCase() };
  const window = Math.floor(receivedAt / REPEAT_WINDOW_MS);
  return { id: await digest(form, fields, window), repeatOf: await digest(form, fields, window - 1) };
}

async function digest(form: FormKind, fields: Record<string, string>, window: number): Promise<string> {
  const canonical = JSON.stringify([
    form,
    window,
    Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)),
  ]);
  return `form-${await sha256Hex(canonical, 16)}`;
}
