/**
 * Slots in markup the build writes once (src/build/result-markup.tsx) and the
 * relay fills per request (page.ts): a text slot takes text, escaped as it
 * goes in; a raw slot takes markup that was itself filled from slots. Marked
 * with private-use characters, which React writes as they are. A visitor's
 * text cannot open a slot: every slot is filled in one pass over the build's
 * markup, so what goes in is never read again for slots.
 */
import { escapeMarkup } from "./escape.ts";

/**
 * The hidden field that keeps the site page the visitor came from across a second post from the result page.
 */
export const BACK_FIELD = "back";

/** The notice's three looks: sent, failed (or refused), and asked to confirm. */
export const NOTICE_TONES = ["success", "error", "confirm"] as const;
export type NoticeTone = (typeof NOTICE_TONES)[number];

export const textSlot = (name: string) => `\uE000${name}\uE001`;
export const rawSlot = (name: string) => `\uE002${name}\uE003`;

const SLOT = /\uE000([\w.]+)\uE001|\uE002([\w.]+)\uE003/g;

/**
 * `markup` with each text slot holding its value escaped and each raw slot its markup; a slot not given is
 * left empty.
 */
export function fillSlots(
  markup: string,
  text: Record<string, string>,
  raw: Record<string, string> = {},
): string {
  return markup.replace(SLOT, (_, t: string | undefined, r: string | undefined) =>
    t !== undefined ? escapeMarkup(text[t] ?? "") : (raw[r!] ?? ""),
  );
}
