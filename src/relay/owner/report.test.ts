/**
 * The month's report on a real store file, filled through the store with chosen times
 * (src/relay/testing/leads-month.ts): the figures a person would count by hand from that list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempLeadStore } from "../testing/leads.ts";
import { brisbaneAt, fillLeads } from "../testing/leads-month.ts";
import type { HoursLine } from "../clock.ts";
import { hoursOf } from "../testing/business.ts";
import { median, monthReport, nearestRank, type MonthReport } from "./report.ts";
import { durationText, hoursText, reportText } from "./report-text.ts";

/** content/site.yaml's hours when this was written: weekdays 8 to 6, Saturday 9 to 4, Sunday closed. */
const LINES: HoursLine[] = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { days: ["Saturday"], opens: "09:00", closes: "16:00" },
  { days: ["Sunday"] },
];
const zero = { waiting: 0, called: 0, quoted: 0, booked: 0, lost: 0, "not-a-job": 0, total: 0 };

let leads: ReturnType<typeof tempLeadStore>;
let report: MonthReport;
beforeAll(async () => {
  leads = tempLeadStore();
  await fillLeads(leads.store);
  report = await monthReport(leads.store, {
    month: "2026-11",
    hours: hoursOf(LINES),
    hoursFrom: "the test's hours",
    suburbPages: ["/suburbs/annerley/", "/suburbs/ascot/", "/suburbs/bulimba/"],
  });
});
afterAll(() => leads.remove());

describe("the month's report", () => {
  it("counts November's leads in Brisbane time, per Monday-to-Sunday week, by form and the stage last pressed", () => {
    expect(report).toMatchObject({ month: "2026-11", firstDay: "2026-11-01", lastDay: "2026-11-30" });
    // 1 Nov is a Sunday (its week began 26 Oct); 30 Nov a Monday.
    expect(report.weeks.map((w) => [w.week, w.firstDay, w.lastDay])).toEqual([
      ["2026-10-26", "2026-11-01", "2026-11-01"],
      ["2026-11-02", "2026-11-02", "2026-11-08"],
      ["2026-11-09", "2026-11-09", "2026-11-15"],
      ["2026-11-16", "2026-11-16", "2026-11-22"],
      ["2026-11-23", "2026-11-23", "2026-11-29"],
      ["2026-11-30", "2026-11-30", "2026-11-30"],
    ]);
    const [first, second, third, fourth, fifth, last] = report.weeks.map((w) => w.forms);
    // 00:30 on 1 Nov in Brisbane (still October in UTC) is November's; 23:30 on 31 Oct is not.
    expect(first).toEqual({ quote: { ...zero, waiting: 1, total: 1 }, contact: zero });
    // Spam (3 Nov) is not a lead.
    expect(second).toEqual({
      quote: { ...zero, called: 1, quoted: 1, booked: 1, total: 3 },
      contact: { ...zero, called: 1, total: 1 },
    });
    expect(third).toEqual({
      quote: { ...zero, "not-a-job": 1, total: 1 },
      contact: { ...zero, called: 1, total: 1 },
    });
    // The unconfirmed post (20 Nov) is not a lead either.
    expect(fourth).toEqual({ quote: { ...zero, called: 2, total: 2 }, contact: zero });
    // The lead Telegram refused is still a lead, waiting.
    expect(fifth).toEqual({ quote: { ...zero, waiting: 1, called: 2, quoted: 1, total: 4 }, contact: zero });
    // 23:50 on 30 Nov is November's; 00:10 on 1 Dec (30 Nov in UTC) is not.
    expect(last).toEqual({ quote: zero, contact: { ...zero, waiting: 1, total: 1 } });
    expect(report.totals).toEqual({
      quote: { waiting: 2, called: 5, quoted: 2, booked: 1, lost: 0, "not-a-job": 1, total: 11 },
      contact: { ...zero, waiting: 1, called: 2, total: 3 },
      all: { waiting: 3, called: 7, quoted: 2, booked: 1, lost: 0, "not-a-job": 1, total: 14 },
    });
    expect(report.unconfirmed).toBe(1);
  });

  it("times arrival to first contact (Called, Quoted or Booked, whichever first) in business minutes, across a night and a weekend: median and 90th percentile", () => {
    const minutes = Object.fromEntries(report.timeToCalled.calls.map((c) => [c.id, c.businessMinutes]));
    expect(minutes).toEqual({
      "nov-a": 20, // 9:00 to 9:20 on a Monday
      "nov-b": 75, // Monday 5:30 pm to Tuesday 8:45 am: 30 before closing, 45 after opening
      "nov-c": 510, // Friday 5 pm to Monday 8:30 am: 60 on Friday, 420 on Saturday (9 to 4), none on Sunday, 30 on Monday
      "nov-d": 10, // Saturday 8 pm, after closing, to Monday 8:10 am
      "nov-e": 5,
      "nov-f": 0, // called on a Sunday, when the business is closed
      "nov-g": 60, // from opening
      "nov-h": 15, // arrived at 7 am, called at 8:15
      "nov-i": 120,
      "nov-j": 150, // Friday 4 pm to Saturday 9:30 am: 120 + 30
      "nov-m": 60, // pressed straight to Quoted: contacted too
    });
    // Sorted: 0 5 10 15 20 60 | 60 75 120 150 510. The median is the sixth; 9 in 10 were contacted within
    // 150.
    expect(report.timeToCalled).toMatchObject({ leads: 14, called: 11, medianMinutes: 60, p90Minutes: 150 });
    expect(report.timeToCalled.calls.find((c) => c.id === "nov-c")).toEqual({
      id: "nov-c",
      receivedAt: "2026-11-06T07:00:00.000Z",
      calledAt: "2026-11-08T22:30:00.000Z",
      businessMinutes: 510,
    });
  });

  it("says what the leads came to: booked of real leads, conversion, booked value where a quote was recorded, lost by reason", async () => {
    const leads = tempLeadStore();
    try {
      await fillLeads(leads.store);
      const notes = leads.store.notes;
      await notes.setQuote("nov-a", 38_000);
      await leads.store.stages.move(
        "nov-b",
        "lost",
        brisbaneAt("2026-11-04 10:00"),
        { name: "Sam" },
        "price",
      );
      await leads.store.stages.move("nov-g", "lost", brisbaneAt("2026-11-20 10:00"), { name: "Sam" });
      const r = await monthReport(leads.store, {
        month: "2026-11",
        hours: hoursOf(LINES),
        hoursFrom: "the test's hours",
      });
      // 14 leads, one Not a job: 13 real; nov-a booked.
      expect(r.outcomes).toEqual({
        realLeads: 13,
        booked: 1,
        conversion: 1 / 13,
        bookedCents: 38_000,
        bookedValued: 1,
        quoted: 2,
        lost: 2,
        lostByReason: { price: 1, "not given": 1 },
      });
      expect(reportText(r)).toContain(
        [
          "Outcomes (each lead at the stage last pressed)",
          "  1 booked of 13 real leads (every lead but Not a job): conversion 8%.",
          "  Booked value: $380 (quotes recorded for 1 of 1).",
          "  Still at Quoted: 2. Lost: 2 (Price 1, not given 1).",
        ].join("\n"),
      );
    } finally {
      leads.remove();
    }
  });

  it("counts call taps, quote and contact leads and spam per page (the visit's first page) and per source, and ranks the suburb pages", () => {
    expect(report.pages).toEqual([
      { page: "/suburbs/annerley/", callTaps: 4, quote: 4, contact: 0, spam: 0 },
      { page: "/", callTaps: 2, quote: 2, contact: 2, spam: 0 },
      { page: "/suburbs/bulimba/", callTaps: 4, quote: 1, contact: 0, spam: 0 },
      { page: "/suburbs/paddington/", callTaps: 0, quote: 3, contact: 0, spam: 0 },
      { page: "/contact/", callTaps: 0, quote: 0, contact: 1, spam: 1 },
      { page: "/services/bond-cleaning/", callTaps: 0, quote: 1, contact: 0, spam: 0 },
      { page: "(not known)", callTaps: 0, quote: 0, contact: 0, spam: 1 },
    ]);
    expect(report.sources).toEqual([
      { source: "Google search", quote: 6, contact: 0, spam: 0 },
      { source: "direct", quote: 1, contact: 3, spam: 0 },
      { source: "Bing search", quote: 1, contact: 0, spam: 0 },
      { source: "Facebook", quote: 1, contact: 0, spam: 0 },
      { source: "seo-offers.example", quote: 0, contact: 0, spam: 1 },
      { source: "(not known)", quote: 2, contact: 0, spam: 1 },
    ]);
    // Paddington's taps on 31 Oct and 1 Dec are not November's; Ascot brought nothing and is ranked too.
    expect(report.suburbs).toEqual([
      { rank: 1, page: "/suburbs/annerley/", leads: 4, callTaps: 4 },
      { rank: 2, page: "/suburbs/bulimba/", leads: 1, callTaps: 4 },
      { rank: 3, page: "/suburbs/paddington/", leads: 3, callTaps: 0 },
      { rank: 4, page: "/suburbs/ascot/", leads: 0, callTaps: 0 },
    ]);
    expect(report.callTapsByNumber).toEqual([
      { number: "0491570156", count: 9 },
      { number: "0730001234", count: 1 },
    ]);
  });

  it("reads as plain text", () => {
    const text = reportText(report);
    expect(text).toContain(
      "November 2026: leads and where they came from (Brisbane time, 2026-11-01 to 2026-11-30)",
    );
    expect(text).toMatch(/^week\s+form\s+waiting\s+Called\s+Quoted\s+Booked\s+Lost\s+Not a job\s+all$/m);
    expect(text).toMatch(/^2–8 Nov\s+quote\s+0\s+1\s+1\s+1\s+0\s+0\s+3$/m);
    expect(text).toMatch(/^\s+all\s+3\s+7\s+2\s+1\s+0\s+1\s+14$/m);
    expect(text).toContain(
      "Time from arrival to first contact (Called, Quoted or Booked, whichever came first), in business hours (Mon–Fri 08:00–18:00, Sat 09:00–16:00; the test's hours)",
    );
    expect(text).toContain("11 of 14 leads contacted: median 1 h, 90th percentile 2 h 30 min");
    expect(text).toMatch(/^\/suburbs\/annerley\/\s+4\s+4\s+0\s+0$/m);
    expect(text).toMatch(/^Google search\s+6\s+0\s+0$/m);
    expect(text).toMatch(/^\s+1\s+\/suburbs\/annerley\/\s+4\s+4$/m);
    expect(text).toContain("No lead or call tap from the other 1: ascot.");
    expect(text).toContain("Call taps by number: 0491570156 9, 0730001234 1.");
    expect(text).toContain(
      "1 post sent without script still waits for the visitor's second Send (unconfirmed): not counted above.",
    );
  });

  it("an empty month says so", async () => {
    const empty = await monthReport(leads.store, {
      month: "2025-02",
      hours: hoursOf(LINES),
      hoursFrom: "the test's hours",
    });
    // 1 Feb 2025 was a Saturday: the weeks of 27 Jan, 3, 10, 17 and 24 Feb.
    expect(empty.weeks.map((w) => w.week)).toEqual([
      "2025-01-27",
      "2025-02-03",
      "2025-02-10",
      "2025-02-17",
      "2025-02-24",
    ]);
    expect(empty.totals.all.total).toBe(0);
    expect(empty.timeToCalled).toMatchObject({ leads: 0, called: 0, medianMinutes: null, p90Minutes: null });
    expect(reportText(empty)).toContain("No lead of 0 has been contacted yet.");
    await expect(
      monthReport(leads.store, { month: "2026-13", hours: hoursOf(LINES), hoursFrom: "" }),
    ).rejects.toThrow("YYYY-MM");
  });
});

describe("the report's arithmetic", () => {
  it("median, nearest-rank percentile, durations and hours in words", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([1, 2, 10])).toBe(2);
    expect(median([1, 2, 10, 20])).toBe(6);
    expect(nearestRank([], 90)).toBeNull();
    expect(nearestRank([5], 90)).toBe(5);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(
      nearestRank(
        Array.from({ length: 100 }, (_, i) => i + 1),
        90,
      ),
    ).toBe(90);
    expect(nearestRank([1, 2, 3], 90)).toBe(3);
    expect([0, 59, 60, 61, 150, 510].map(durationText)).toEqual([
      "0 min",
      "59 min",
      "1 h",
      "1 h 1 min",
      "2 h 30 min",
      "8 h 30 min",
    ]);
    expect(hoursText(LINES)).toBe("Mon–Fri 08:00–18:00, Sat 09:00–16:00");
    expect(
      hoursText([{ days: ["Monday", "Wednesday", "Thursday", "Sunday"], opens: "07:00", closes: "15:00" }]),
    ).toBe("Mon, Wed, Thu, Sun 07:00–15:00");
    expect(hoursText([{ days: ["Sunday"] }])).toBe("never open");
  });
});
