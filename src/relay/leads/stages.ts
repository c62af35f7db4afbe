/**
 * The stages the owner moves a lead through, pressed on its notice, as one
 * list: the notice's buttons (owner/stage-buttons.ts), its stage line and
 * history (telegram/notice-history.ts), the store's SQL (report-queries.ts),
 * the digest, the month's report and the weekly summary, and `npm run leads`
 * (its --stage words, the CSV's columns, `show`) all derive from it. A lead
 * waits at no stage until the first press; a new stage is one more entry here.
 */

export const STAGES = [
  /** `contact`: pressing it means the visitor was reached (the report's time to first contact). */
  { key: "called", label: "Called", contact: true },
  { key: "quoted", label: "Quoted", contact: true },
  { key: "booked", label: "Booked", contact: true },
  { key: "lost", label: "Lost", contact: false },
  { key: "not-a-job", label: "Not a job", contact: false },
] as const;

export type Stage = (typeof STAGES)[number]["key"];
export const STAGE_KEYS: readonly Stage[] = STAGES.map((s) => s.key);
/** The stages whose first press is the first contact with the visitor (report-queries.ts). */
export const CONTACT_STAGES: readonly Stage[] = STAGES.filter((s) => s.contact).map((s) => s.key);
/** What `npm run leads`, the digest and the report call a lead no button has been pressed for. */
export const WAITING = "waiting";

export const stageLabel = (stage: Stage) => STAGES.find((s) => s.key === stage)!.label;

/**
 * Why a job was lost: a second row of buttons while a lead is at Lost. Not a job is for what never was one.
 */
export const LOST_REASONS = [
  { key: "price", label: "Price" },
  { key: "timing", label: "Timing" },
  { key: "no-answer", label: "No answer" },
  { key: "not-our-service", label: "Not our service" },
  { key: "other", label: "Other" },
] as const;
export type LostReason = (typeof LOST_REASONS)[number]["key"];
export const reasonLabel = (reason: LostReason) => LOST_REASONS.find((r) => r.key === reason)!.label;

/**
 * A stage as the notice and `npm run leads -- show` name it: "waiting" before any press, and at Lost with
 * why, "Lost (Price)".
 */
export const stageWords = (stage: Stage | null, reason?: LostReason | null): string =>
  stage === null ? WAITING : stage === "lost" && reason ? `Lost (${reasonLabel(reason)})` : stageLabel(stage);

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
