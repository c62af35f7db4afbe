/**
 * The buttons on a lead's notice: the stages (leads/stages.ts), why a job was
 * lost, and Undo, each with what a press does, and the keyboard that shows
 * them. A press records the stage with when and who (and from what stage) in
 * the lead's history, answers so the owner's spinner stops, and has the notice
 * edited to show the stage at its top and every press below, the stage's
 * button ticked and, for a minute, an Undo that takes the press back.
 * https://core.telegram.org/bots/api#inlinekeyboardmarkup
 */
import { dialable, phoneShown } from "../telegram/phone.ts";
import {
  LOST_REASONS,
  reasonLabel,
  STAGE_KEYS,
  stageLabel,
  STAGES,
  type LostReason,
  type Stage,
} from "../leads/stages.ts";
import { button, type Pressed } from "./buttons.ts";
import { laterButton, LATER_HOURS } from "./later.ts";

/** How long after a press its Undo button takes it back. */
export const UNDO_MS = 60_000;

/** A stage's button: "stage:called:ID". */
export const stageButton = button<{ stage: Stage; leadId: string }>("stage", {
  write: ({ stage, leadId }) => `${stage}:${leadId}`,
  read(rest) {
    const colon = rest.indexOf(":");
    const stage = rest.slice(0, colon) as Stage;
    const leadId = rest.slice(colon + 1);
    return colon > 0 && STAGE_KEYS.includes(stage) && leadId !== "" ? { stage, leadId } : undefined;
  },
  handle: (pressed, { stage, leadId }) => moveStage(pressed, { stage, leadId }),
});

/** The stage button's callback_data (tests and benchmarks press it). */
export const stageData = (stage: Stage, leadId: string) => stageButton.data({ stage, leadId });

/** A reason button: Lost, and why ("lost:price:ID"). */
export const lostButton = button<{ reason: LostReason; leadId: string }>("lost", {
  write: ({ reason, leadId }) => `${reason}:${leadId}`,
  read(rest) {
    const m = /^([a-z-]+):(.+)$/.exec(rest);
    const reason = LOST_REASONS.find((r) => r.key === m?.[1])?.key;
    return m && reason ? { reason, leadId: m[2] } : undefined;
  },
  handle: (pressed, { reason, leadId }) => moveStage(pressed, { stage: "lost", leadId, reason }),
});

/** Undo: the press it takes back (its seq in the history) and the lead ("undo:12:ID"). */
export const undoButton = button<{ seq: number; leadId: string }>("undo", {
  write: ({ seq, leadId }) => `${seq}:${leadId}`,
  read(rest) {
    const m = /^([1-9]\d{0,14}):(.+)$/.exec(rest);
    return m ? { seq: Number(m[1]), leadId: m[2] } : undefined;
  },
  handle: (pressed, undo) => undoPress(pressed, undo),
});

export type KeyboardButton =
  { text: string; callback_data: string } | { text: string; copy_text: { text: string } };
export interface NoticeKeyboard {
  inline_keyboard: KeyboardButton[][];
}

/**
 * The buttons on a lead's notice: the visitor's number to copy (Bot API 7.11's copy_text: on a
 * computer, where tapping the number in the text rings nothing, it is one tap to paste into a
 * phone app), when it is an Australian one; the stages in rows of two, so "Not a job" is not cut
 * short on a phone, the lead's stage ticked (✓); at Lost, the reasons in rows of three below, the
 * one chosen ticked; an Undo row while the latest press can still be taken back; and on a
 * reminder, Later. https://core.telegram.org/bots/api#inlinekeyboardbutton
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
): NoticeKeyboard {
  const tick = (text: string, ticked: boolean) => (ticked ? `✓ ${text}` : text);
  const stages = STAGES.map((s) => ({
    text: tick(s.label, s.key === current),
    callback_data: stageData(s.key, leadId),
  }));
  const reasons = LOST_REASONS.map((r) => ({
    text: tick(r.label, r.key === reason),
    callback_data: lostButton.data({ reason: r.key, leadId }),
  }));
  const number = dialable(phone);
  const rows: KeyboardButton[][] = [
    ...(number ? [[{ text: `Copy ${phoneShown(phone)}`, copy_text: { text: number } }]] : []),
    ...rowsOf(2, stages),
    ...(current === "lost" ? rowsOf(3, reasons) : []),
  ];
  if (undo !== undefined)
    rows.push([{ text: "Undo", callback_data: undoButton.data({ seq: undo, leadId }) }]);
  // On a reminder: put it off for a while, or to the next morning.
  if (later)
    rows.push([
      { text: `Later (in ${LATER_HOURS} hours)`, callback_data: laterButton.data({ leadId, soon: true }) },
      { text: "Later (tomorrow morning)", callback_data: laterButton.data({ leadId, soon: false }) },
    ]);
  return { inline_keyboard: rows };
}

const rowsOf = <T>(n: number, items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / n) }, (_, i) => items.slice(i * n, i * n + n));

/** A stage's button (or Lost's reason): the lead moves there, and its notice says so. */
async function moveStage(
  { store, log, now, by, answer, edit }: Pressed,
  pressed: { stage: Stage; leadId: string; reason?: LostReason },
): Promise<void> {
  const lead = await store.get(pressed.leadId);
  if (!lead) return answer("This lead is not in the store.");
  if (lead.erasedAt !== null)
    return answer(
      lead.erasedOnRequest !== null
        ? "This lead was erased at its visitor's request."
        : "This lead's details were erased after the retention period.",
    );
  const reason = pressed.reason ?? null;
  // Answered before the move, so the owner's spinner stops as soon as it can: what the move will do, read
  // first.
  const lostWhy = lead.stage === "lost" ? await store.stages.lostReason(lead.id) : null;
  const already = lead.stage === pressed.stage && (reason === null || reason === lostWhy);
  const label = stageLabel(pressed.stage) + (reason ? `: ${reasonLabel(reason)}` : "");
  await answer(
    already
      ? `Already marked ${label}.`
      : `Marked ${label}.${pressed.stage === "lost" && !reason && !lostWhy ? " Why? Press a reason below." : ""}`,
  );
  const moved = await store.stages.move(lead.id, pressed.stage, now(), by, reason);
  if (moved) log(`relay: lead ${lead.id} marked ${label}`);
  // The lead's own notice is edited, whichever message was pressed (its reminder's buttons too): never the
  // message pressed.
  await edit(lead);
}

/** Undo: the press it names goes back, if it is the lead's latest and less than a minute old. */
async function undoPress(
  { store, log, now, by, answer, edit }: Pressed,
  undo: { seq: number; leadId: string },
): Promise<void> {
  const lead = await store.get(undo.leadId);
  if (!lead || lead.erasedAt !== null) return answer("This lead is not in the store.");
  const result = await store.stages.undo(lead.id, undo.seq, now(), by, UNDO_MS);
  const back = (stage: Stage | null) => (stage === null ? "waiting" : stageLabel(stage));
  await answer(
    result.kind === "undone"
      ? `Undone: back to ${back(result.press.to)}.`
      : result.kind === "late"
        ? "Undo lasts a minute: press the stage it should be."
        : result.kind === "superseded"
          ? "Only the latest press can be undone."
          : "Nothing to undo.",
  );
  if (result.kind === "undone") log(`relay: lead ${lead.id} back to ${back(result.press.to)} (undo)`);
  // Also when nothing was undone: the notice then loses an Undo button that no longer works.
  await edit(lead);
}

/** A new lead's notice: the stages (and the number to copy), nothing pressed yet (leads/send.ts). */
export const noticeButtons = (lead: { id: string; fields: Record<string, string> | null }) =>
  stageKeyboard(lead.id, { phone: lead.fields?.phone });
