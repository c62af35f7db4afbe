/**
 * The site's facts as content/ gives them (siteFacts), for tests: the business's clock and opening
 * hours among them, so a test reads the times the relay writes in the business's own time zone.
 */
import { loadContent } from "../../build/content/load.ts";
import { siteFacts } from "../../content/site-facts.ts";
import { addDays, businessHours, clockIn, type HoursLine } from "../clock.ts";

export const FACTS = siteFacts(loadContent("content"));
export const CLOCK = clockIn(FACTS.timeZone);
/** content/site.yaml's hours, or `lines`, in the business's time zone. */
export const hoursOf = (lines: readonly HoursLine[] = FACTS.hours) => businessHours(lines, CLOCK);
export const HOURS = hoursOf();
/** The Worker's variable that tells it the business's time zone and nothing else of the site. */
export const ZONE_VARS = { SITE_FACTS: JSON.stringify({ timeZone: FACTS.timeZone }) };

/**
 * The next noon in the business's time zone, at least an hour from now: where a test on a clock that runs
 * from now starts instead, so that the business's opening (midnight, for a test's business open all day)
 * never falls inside it. At opening, reminders due then are folded into the morning message
 * (owner/digest.ts); a test that expects one on its own would fail a few minutes a day.
 */
export function nextNoon(): number {
  const { date } = CLOCK.local(Date.now());
  const noon = CLOCK.at(date, 12 * 60);
  return noon > Date.now() + 3_600_000 ? noon : CLOCK.at(addDays(date, 1), 12 * 60);
}
