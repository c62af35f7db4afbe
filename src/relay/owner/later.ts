/**
 * Later, on a reminder or a follow-up: it comes again in LATER_HOURS
 * ("later:2h:ID") or at the next morning's opening ("later:ID", as every
 * reminder sent before there was a choice carries), while the lead still waits
 * or is at Quoted.
 */
import { button, type Pressed } from "./buttons.ts";

/** How long "Later (in 2 hours)" puts a reminder off. */
export const LATER_HOURS = 2;

export const laterButton = button<{ leadId: string; soon: boolean }>("later", {
  write: ({ leadId, soon }) => `${soon ? `${LATER_HOURS}h:` : ""}${leadId}`,
  read(rest) {
    const m = /^(\d+h:)?(.+)$/.exec(rest);
    if (!m || (m[1] !== undefined && m[1] !== `${LATER_HOURS}h:`)) return undefined;
    return { leadId: m[2], soon: m[1] !== undefined };
  },
  handle: async (pressed, { leadId, soon }) => pressed.answer(await snooze(pressed, leadId, soon)),
});

/**
 * The answer names the time the reminder really comes, after the hours are applied: two hours on from
 * 4:51 pm with a 6 pm close is 8 the next morning, not 6:51 pm.
 */
async function snooze({ store, log, now, hours }: Pressed, leadId: string, soon: boolean): Promise<string> {
  const asked = soon ? now() + LATER_HOURS * 3_600_000 : hours.openingAfterBusinessDays(now(), 1);
  const until = asked === undefined ? undefined : hours.nextOpenAt(asked);
  if (until === undefined) return "The business hours never open: nothing to put off to.";
  if (!(await store.owner.snooze(leadId, until)))
    return "Nothing to remind: this lead has moved on (or is not in the store).";
  log(`relay: lead ${leadId} put off to ${new Date(until).toISOString()}`);
  return `Later: reminded again at ${hours.clock.time(until)}.`;
}
