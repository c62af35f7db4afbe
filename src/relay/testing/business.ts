/**
 * The site's facts as content/ gives them (siteFacts), for tests: the business's clock and opening
 * hours among them, so a test reads the times the relay writes in the business's own time zone.
 */
import { loadContent } from "../../build/content/load.ts";
import { siteFacts } from "../../content/site-facts.ts";
import { businessHours, clockIn, type HoursLine } from "../clock.ts";

export const FACTS = siteFacts(loadContent("content"));
export const CLOCK = clockIn(FACTS.timeZone);
/** content/site.yaml's hours, or `lines`, in the business's time zone. */
export const hoursOf = (lines: readonly HoursLine[] = FACTS.hours) => businessHours(lines, CLOCK);
export const HOURS = hoursOf();
/** The Worker's variable that tells it the business's time zone and nothing else of the site. */
export const ZONE_VARS = { SITE_FACTS: JSON.stringify({ timeZone: FACTS.timeZone }) };
