import { describe, expect, it } from "vitest";
import type { HoursLine } from "../clock.ts";
import { CLOCK, hoursOf } from "../testing/business.ts";
import { dayLong, dayShort, daysOffered, dayStatus, DEFAULT_RULES, readDays } from "./days.ts";

/** content/site.yaml's hours: weekdays and Saturday, Sunday closed. */
const HOURS: HoursLine[] = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { days: ["Saturday"], opens: "09:00", closes: "16:00" },
];
/** Friday 8 January 2027, 9 pm in Brisbane. */
const NOW = Date.parse("2027-01-08T21:00:00+10:00");
const context = (over: Partial<Parameters<typeof dayStatus>[1]> = {}) => ({
  rules: DEFAULT_RULES,
  hours: hoursOf(HOURS),
  now: NOW,
  taken: new Map<string, number>(),
  ...over,
});

describe("the days a customer may choose", () => {
  it("are the days the business opens, from tomorrow for three weeks, less blocked and full days", () => {
    const days = daysOffered(
      context({
        rules: { ...DEFAULT_RULES, blockedDays: ["2027-01-12"] },
        taken: new Map([["2027-01-13", 2]]),
      }),
    );
    expect(days[0]).toBe("2027-01-09");
    expect(days).not.toContain("2027-01-10");
    expect(days).not.toContain("2027-01-12");
    expect(days).not.toContain("2027-01-13");
    expect(days).toContain("2027-01-14");
    expect(days.at(-1)).toBe("2027-01-29");
    expect(days).toHaveLength(16);
  });

  it("say why a day cannot be had", () => {
    const c = context({ taken: new Map([["2027-01-13", 2]]) });
    expect(dayStatus("2027-01-10", c)).toBe("closed");
    expect(dayStatus("2027-01-13", c)).toBe("full");
    expect(dayStatus("2027-01-08", c)).toBe("too-soon");
    expect(dayStatus("2027-02-20", c)).toBe("too-late");
    expect(dayStatus("2027-02-30", c)).toBe("not-offered");
    expect(dayStatus("tomorrow", c)).toBe("not-offered");
    expect(dayStatus("2027-01-11", c)).toBe("open");
  });

  it("are only the owner's when the owner offered days, a closed day included", () => {
    const c = context({ only: ["2027-01-17", "2027-01-15", "2027-01-08"] });
    expect(daysOffered(c)).toEqual(["2027-01-15", "2027-01-17"]);
    expect(dayStatus("2027-01-14", c)).toBe("not-offered");
  });

  it("read as the owner types them, the next such day from today", () => {
    expect(readDays("Wed 13 Jan, Fri 15 January", NOW, CLOCK)).toEqual(["2027-01-13", "2027-01-15"]);
    expect(readDays("13/1 and 2027-01-20", NOW, CLOCK)).toEqual(["2027-01-13", "2027-01-20"]);
    expect(readDays("5 Jan", NOW, CLOCK)).toEqual(["2028-01-05"]);
    expect(readDays("31/2 or whenever", NOW, CLOCK)).toEqual([]);
  });

  it("are written short for the page and in full for an email", () => {
    expect(dayShort("2027-01-14")).toBe("Thu 14 Jan");
    expect(dayLong("2027-01-14")).toBe("Thursday 14 January 2027");
  });
});
