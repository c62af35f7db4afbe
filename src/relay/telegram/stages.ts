/**
 * For scripts/ until the branch that reworks them is merged: the stages now live in leads/stages.ts and
 * the buttons in owner/stage-buttons.ts.
 */
export * from "../leads/stages.ts";
export { stageData as callbackData } from "../owner/stage-buttons.ts";
import { LOST_REASONS as REASONS } from "../leads/stages.ts";
export const LOST_REASONS = REASONS.map((r) => ({ ...r, button: r.label }));
