/**
 * The stages the owner moves a lead through from Telegram: the buttons on its
 * notice (an inline keyboard whose callback_data names the stage and the
 * lead, at most 64 bytes). The lines the notice shows once pressed ("Called
 * by Sam at 3:04 pm") are the notice's own (notice.ts). A lead waits at no
 * stage until the first press.
 * https://core.telegram.org/bots/api#inlinekeyboardmarkup
 */
export const STAGES = [
  { key: "called", button: "Called", shown: "Called" },
  { key: "quoted", button: "Quoted", shown: "Quoted" },
  { key: "booked", button: "Booked", shown: "Booked" },
  { key: "not-a-job", button: "Not a job", shown: "Not a job" },
] as const;

export type Stage = (typeof STAGES)[number]["key"];
/** What `npm run leads` calls a lead no button has been pressed for. */
export const WAITING = "waiting";
export const STAGE_KEYS: readonly Stage[] = STAGES.map((s) => s.key);

export const stageLabel = (stage: Stage) => STAGES.find((s) => s.key === stage)!.shown;

/** Telegram refuses callback_data over 64 bytes. */
export const MAX_CALLBACK_BYTES = 64;
const PREFIX = "stage:";

export function callbackData(stage: Stage, leadId: string): string {
  const data = `${PREFIX}${stage}:${leadId}`;
  if (new TextEncoder().encode(data).length > MAX_CALLBACK_BYTES) throw new Error(`callback_data over ${MAX_CALLBACK_BYTES} bytes for lead ${leadId}`);
  return data;
}

/** The stage and lead a button's callback_data names, or undefined for anything else. */
export function parseCallback(data: unknown): { stage: Stage; leadId: string } | undefined {
  if (typeof data !== "string" || !data.startsWith(PREFIX)) return undefined;
  const rest = data.slice(PREFIX.length);
  const colon = rest.indexOf(":");
  const stage = rest.slice(0, colon) as Stage;
  const leadId = rest.slice(colon + 1);
  return colon > 0 && STAGE_KEYS.includes(stage) && leadId !== "" ? { stage, leadId } : undefined;
}

/** The buttons on a lead's notice: two rows of two, so "Not a job" is not cut short on a phone. */
export function stageKeyboard(leadId: string): { inline_keyboard: { text: string; callback_data: string }[][] } {
  const button = (s: (typeof STAGES)[number]) => ({ text: s.button, callback_data: callbackData(s.key, leadId) });
  return { inline_keyboard: [STAGES.slice(0, 2).map(button), STAGES.slice(2).map(button)] };
}

export interface StageEntry {
  stage: Stage;
  at: number;
  byName: string;
}
