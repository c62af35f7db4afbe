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
  pages: ["/", "/about-us/"],
  booking: RULES,
};

describe("siteInUse", () => {
  it("goes by the facts: their phone, their hours, their pages and both numbers for call taps, their booking rules", () => {
    expect(siteInUse({}, FACTS)).toEqual({
      phone: "0491 570 156",
      hours: HOURS,
      taps: { pages: ["/", "/about-us/"], numbers: ["0491 570 156", "(07) 5550 1234"] },
      booking: RULES,
    });
  });

  it("lets SITE_PHONE and BUSINESS_HOURS override the facts, never the numbers call taps count", () => {
    const used = siteInUse({ SITE_PHONE: "1300 000 000", BUSINESS_HOURS: DEFAULT_HOURS }, FACTS);
    expect(used.phone).toBe("1300 000 000");
    expect(used.hours).toBe(DEFAULT_HOURS);
    expect(used.taps?.numbers).toEqual(["0491 570 156", "(07) 5550 1234"]);
  });

  it("without facts names no phone, keeps 8 am to 6 pm every day, counts no tap, and books by the defaults", () => {
    expect(siteInUse({}, undefined)).toEqual({
      phone: "",
      hours: DEFAULT_HOURS,
      taps: undefined,
      booking: DEFAULT_RULES,
    });
    expect(siteInUse({}, { phone: "0491 570 156" }).taps).toBeUndefined();
    expect(siteInUse({}, { pages: ["/"] }).taps).toBeUndefined();
  });
});
