/**
 * The site's facts as the relay goes by them: the settings over the facts from content/, over the defaults
 * (decision 0058).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_HOURS, siteInUse } from "./site.ts";
import { DEFAULT_RULES } from "./booking/days.ts";

const HOURS = [{ days: ["Monday" as const], opens: "09:00", closes: "17:00" }];
const RULES = { quoteValidDays: 7, jobsPerDay: 3, noticeDays: 2, weeksAhead: 4, blockedDays: ["2027-01-26"] };
const FACTS = {
  phone: "0491 570 156",
  landline: "(07) 5550 1234",
  hours: HOURS,
  timeZone: "Australia/Hobart",
  pages: ["/", "/about-us/"],
  booking: RULES,
};

describe("siteInUse", () => {
  it("goes by the facts: their phone, their hours in their time zone, their pages and both numbers for call taps, their booking rules", () => {
    const used = siteInUse({}, FACTS);
    expect(used.phone).toBe("0491 570 156");
    expect(used.hours.lines).toBe(HOURS);
    expect(used.hours.clock.timeZone).toBe("Australia/Hobart");
    expect(used.taps).toEqual({ pages: ["/", "/about-us/"], numbers: ["0491 570 156", "(07) 5550 1234"] });
    expect(used.booking).toEqual(RULES);
  });

  it("lets SITE_PHONE and BUSINESS_HOURS override the facts, never the numbers call taps count", () => {
    const used = siteInUse({ SITE_PHONE: "1300 000 000", BUSINESS_HOURS: DEFAULT_HOURS }, FACTS);
    expect(used.phone).toBe("1300 000 000");
    expect(used.hours.lines).toBe(DEFAULT_HOURS);
    expect(used.taps?.numbers).toEqual(["0491 570 156", "(07) 5550 1234"]);
  });

  it("without facts names no phone, keeps 8 am to 6 pm every day in UTC, counts no tap, and books by the defaults", () => {
    const used = siteInUse({}, undefined);
    expect([used.phone, used.hours.lines, used.hours.clock.timeZone, used.taps, used.booking]).toEqual([
      "",
      DEFAULT_HOURS,
      "UTC",
      undefined,
      DEFAULT_RULES,
    ]);
    expect(siteInUse({}, { phone: "0491 570 156" }).taps).toBeUndefined();
    expect(siteInUse({}, { pages: ["/"] }).taps).toBeUndefined();
  });
});
