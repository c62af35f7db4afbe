/**
 * The stages the owner moves a lead through from Telegram: the buttons on its
 * notice (an inline keyboard whose callback_data names the stage and the
 * lead, at most 64 bytes). The lines the notice shows once pressed ("Called
 * by Sam at 3:04 pm") are the notice's own (notice.ts). A lead waits at no
 * stage until the first press.
 * https://core.telegram.org/bots/api#inlinekeyboardmarkup
 */
import { dialable, phoneShown } from "./phone.ts";

export const STAGES = [
  { key: "called", button: "Called", shown: "Called" },
  { key: "quoted", button: "Quoted", shown: "Quoted" },
  { key: "booked", button: "Booked", shown: "Booked" },
  { key: "lost", button: "Lost", shown: "Lost" },
  { key: "not-a-job", button: "Not a job", shown: "Not a job" },
] as const;

/**
 * Why a job was lost: a second row of buttons while a lead is at Lost. Not a job is for what never was one.
 */
export const LOST_REASONS = [
  { key: "price", button: "Price" },
  { key: "timing", button: "Timing" },
  { key: "no-answer", button: "No answer" },
  { key: "not-our-service", button: "Not our service" },
  { key: "other", button: "Other" },
] as const;
export type LostReason = (typeof LOST_REASONS)[number]["key"];
export const reasonLabel = (reason: LostReason) => LOST_REASONS.find((r) => r.key === reason)!.button;
/**
 * A stage as the notice and `npm run leads -- show` name it: "waiting" before any press, and at Lost with
 * why, "Lost (Price)".
 */
export const stageWords = (stage: Stage | null, reason?: LostReason | null): string =>
  stage === null
    ? "waiting"
    : stage === "lost" && reason
      ? `Lost (${reasonLabel(reason)})`
      : stageLabel(stage);

export type Stage = (typeof STAGES)[number]["key"];
/** What `npm run leads` calls a lead no button has been pressed for. */
export const WAITING = "waiting";
export const STAGE_KEYS: readonly Stage[] = STAGES.map((s) => s.key);

export const stageLabel = (stage: Stage) => STAGES.find((s) => s.key === stage)!.shown;

/** Telegram refuses callback_data over 64 bytes. */
export const MAX_CALLBACK_BYTES = 64;
const PREFIX = "stage:";

/** `data`, which Telegram takes as callback_data only within its 64 bytes. */
function checked(data: string, leadId: string): string {
  if (new TextEncoder().encode(data).length > MAX_CALLBACK_BYTES)
    throw new Error(`callback_data over ${MAX_CALLBACK_BYTES} bytes for lead ${leadId}`);
  return data;
}

export const callbackData = (stage: Stage, leadId: string): string =>
  checked(`${PREFIX}${stage}:${leadId}`, leadId);

/** The stage and lead a button's callback_data names, or undefined for anything else. */
export function parseCallback(data: unknown): { stage: Stage; leadId: string } | undefined {
  if (typeof data !== "string" || !data.startsWith(PREFIX)) return undefined;
  const rest = data.slice(PREFIX.length);
  const colon = rest.indexOf(":");
  const stage = rest.slice(0, colon) as Stage;
  const leadId = rest.slice(colon + 1);
  return colon > 0 && STAGE_KEYS.includes(stage) && leadId !== "" ? { stage, leadId } : undefined;
}

/** How long after a press its Undo button takes it back. */
export const UNDO_MS = 60_000;
const UNDO_PREFIX = "undo:";

/** The Undo button's callback_data: the press it takes back (its seq in the history) and the lead. */
export const undoData = (seq: number, leadId: string): string =>
  checked(`${UNDO_PREFIX}${seq}:${leadId}`, leadId);

/** How long "Later (in 2 hours)" puts a reminder off. */
export const LATER_HOURS = 2;
/**
 * A reminder's Later buttons: remind again at the next morning's opening (`later:ID`, as every
 * reminder sent before there was a choice carries), or in LATER_HOURS (`later:2h:ID`).
 */
export const laterData = (leadId: string, soon = false): string =>
  checked(`later:${soon ? `${LATER_HOURS}h:` : ""}${leadId}`, leadId);
export function parseLater(data: unknown): { leadId: string; soon: boolean } | undefined {
  const m = typeof data === "string" ? /^later:(\d+h:)?(.+)$/.exec(data) : null;
  if (!m || (m[1] !== undefined && m[1] !== `${LATER_HOURS}h:`)) return undefined;
  return { leadId: m[2], soon: m[1] !== undefined };
}

/** A reason button's callback_data: Lost, and why. */
export const lostData = (reason: LostReason, leadId: string): string =>
  checked(`lost:${reason}:${leadId}`, leadId);

/** The reason and lead a reason button names, or undefined for anything else. */
export function parseLost(data: unknown): { reason: LostReason; leadId: string } | undefined {
  const m = typeof data === "string" ? /^lost:([a-z-]+):(.+)$/.exec(data) : null;
  const reason = LOST_REASONS.find((r) => r.key === m?.[1])?.key;
  return m && reason ? { reason, leadId: m[2] } : undefined;
}

/** The press and lead an Undo button names, or undefined for anything else. */
export function parseUndo(data: unknown): { seq: number; leadId: string } | undefined {
  const m = typeof data === "string" ? /^undo:([1-9]\d{0,14}):(.+)$/.exec(data) : null;
  return m ? { seq: Number(m[1]), leadId: m[2] } : undefined;
}

export type KeyboardButton =
  { text: string; callback_data: string } | { text: string; copy_text: { text: string } };

/**
 * The buttons on a lead's notice: the visitor's number to copy (Bot API 7.11's copy_text: on a
 * computer, where tapping the number in the text rings nothing, it is one tap to paste into a
 * phone app), when it is an Australian one; the stages in rows of two, so "Not a job" is not cut
 * short on a phone, the lead's stage ticked (✓); at Lost, the reasons in a row below, the one
 * chosen ticked; and an Undo row while the latest press can still be taken back.
 * https://core.telegram.org/bots/api#inlinekeyboardbutton
 */
export function stageKeyboard(
  leadId: string,
  {
    current = null,
    reason = null,
    undo,
    phone = "",
    later = false,
  }: {
    current?: Stage | null;
    reason?: LostReason | null;
    undo?: number;
    phone?: string;
    later?: boolean;
  } = {},
): { inline_keyboard: KeyboardButton[][] } {
  const tick = (text: string, ticked: boolean) => (ticked ? `✓ ${text}` : text);
  const button = (s: (typeof STAGES)[number]) => ({
    text: tick(s.button, s.key === current),
    callback_data: callbackData(s.key, leadId),
  });
  const why = (r: (typeof LOST_REASONS)[number]) => ({
    text: tick(r.button, r.key === reason),
    callback_data: lostData(r.key, leadId),
  });
  const number = dialable(phone);
  const rows: KeyboardButton[][] = [
    STAGES.slice(0, 2).map(button),
    STAGES.slice(2, 4).map(button),
    STAGES.slice(4).map(button),
  ];
  if (current === "lost") rows.push(LOST_REASONS.slice(0, 3).map(why), LOST_REASONS.slice(3).map(why));
  if (number) rows.unshift([{ text: `Copy ${phoneShown(phone)}`, copy_text: { text: number } }]);
  if (undo !== undefined) rows.push([{ text: "Undo", callback_data: undoData(undo, leadId) }]);
  // On a reminder: put it off for a while, or to the next morning.
  if (later)
    rows.push([
      { text: `Later (in ${LATER_HOURS} hours)`, callback_data: laterData(leadId, true) },
      { text: "Later (tomorrow morning)", callback_data: laterData(leadId) },
    ]);
  return { inline_keyboard: rows };
}

export interface StageEntry {
  stage: Stage;
  at: number;
  byName: string;
}

/**
 * One press on a notice as the history keeps it: from what stage to what (null: waiting), with why
 * a job was lost before and after, or an Undo of press `undoes`.
 */
export interface Press {
  seq: number;
  at: number;
  from: Stage | null;
  to: Stage | null;
  fromReason?: LostReason | null;
  reason?: LostReason | null;
  byName: string;
  undoes: number | null;
}
