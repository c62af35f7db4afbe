/**
 * The second business's relay keeps its own clock (issue 53): fixtures/window-cleaning is a window
 * cleaner in Hobart (site.yaml timeZone: Australia/Hobart), whose clocks go forward at 2 am on Sunday
 * 4 October 2026 (AEST, UTC+10, to AEDT, UTC+11) and back at 3 am on Sunday 5 April 2026. Its facts
 * reach the relay as the Worker gets them (siteVars, then siteFromVars), and its reminders, morning
 * digest, booking days, notice and month's report are read in its own zone on both sides of each
 * change; where the business's clock were Brisbane's (no daylight saving), each would be an hour off.
 * Its hours: Monday to Thursday 7:30 am to 4:30 pm, Friday 7:30 am to 1 pm, weekends closed.
 */
import { describe, expect, it } from "vitest";
import { loadContent } from "../build/content/load.ts";
import { siteFacts } from "../content/site-facts.ts";
import { formBodies } from "../shared/forms/schema.ts";
import { daysOffered } from "./booking/days.ts";
import { ownerTick } from "./owner/owner.ts";
import { monthReport } from "./owner/report.ts";
import { reportText } from "./owner/report-text.ts";
import { siteInUse } from "./site.ts";
import { quoteNotices } from "./telegram/notice.ts";
import { ownerBench } from "./testing/owner-bench.ts";
import { siteFromVars, siteVars } from "./worker/site-vars.ts";

const FACTS = siteFacts(loadContent("fixtures/window-cleaning"));
const SITE = siteFromVars(siteVars(FACTS));
const { hours: HOURS, booking: RULES } = siteInUse({}, SITE);
const { quote: QuoteBody } = formBodies(FACTS.services.services.map((s) => s.value));
const utc = (iso: string) => Date.parse(`${iso}Z`);

// The owner's tick on the second business's hours, in Hobart.
const bench = ownerBench({}, { hours: HOURS });
const { options } = bench;

/** A quote request for home windows received at `receivedAt`, its notice delivered a second later. */
async function lead(name: string, receivedAt: number) {
  const id = `lead-${name.replace(/\W/g, "")}`;
  const body = QuoteBody.parse({
    name,
    email: "a@example.com",
    phone: "0412 345 678",
    service: "home-windows",
  });
  const parts = quoteNotices(body, new Date(receivedAt), { clock: HOURS.clock, site: FACTS.services });
  await bench.leads.store.add({ id, form: "quote", fields: body, parts, receivedAt, status: "pending" });
  await bench.noticeSent(id, parts[0], receivedAt + 1_000);
  return id;
}

const shown = (start: string) => bench.tg.delivered.filter((d) => d.shown.startsWith(start));

describe("the window cleaner's relay, told its facts as the Worker is", () => {
  it("keeps Hobart's zone and hours", () => {
    expect(SITE.timeZone).toBe("Australia/Hobart");
    expect(HOURS.clock.timeZone).toBe("Australia/Hobart");
    expect(HOURS.lines).toEqual(FACTS.hours);
  });

  it("names the time a lead came in Hobart's time, AEST before the change and AEDT after", async () => {
    await lead("Ann Before", utc("2026-10-02T04:00"));
    await lead("Bo After", utc("2026-10-05T04:00"));
    const [before, after] = (await bench.leads.store.list()).map((l) => l.parts![0]).reverse();
    expect(before).toContain("2 October 2026 at 2:00:00 pm AEST");
    expect(after).toContain("5 October 2026 at 3:00:00 pm AEDT");
    expect(before).toContain("*Service:* Home Window Cleaning Hobart\n");
  });
});

describe("reminders and the morning digest across a change of the clocks", () => {
  // A lead waiting over the weekend is folded into the morning message at Monday's opening rather
  // than reminded on its own (decision 0098): the message's moment is the test of the clock.
  const morning = () => shown("Yesterday's leads").map((d) => d.shown);

  it("when the clocks go forward: a lead from Friday afternoon is listed at Monday's 7:30 am AEDT", async () => {
    // Friday 2 October, 2 pm AEST: closed since 1 pm.
    await lead("Cal Friday", utc("2026-10-02T04:00"));
    await ownerTick(options(), utc("2026-10-02T04:40"));
    expect(shown("Reminder:")).toHaveLength(0);
    // Monday 5 October, 7:29 am AEDT (UTC+11): not yet open; 7:30 is 20:30 UTC, an hour before AEST's 7:30.
    await ownerTick(options(), utc("2026-10-04T20:29"));
    expect(morning()).toHaveLength(0);
    await ownerTick(options(), utc("2026-10-04T20:30"));
    expect(morning()).toEqual([
      expect.stringMatching(
        /\n- Cal Friday, \+61 412 345 678, quote, waiting 2 days 16 h \(since 2:00 pm, 2 Oct\)/,
      ),
    ]);
    // Folded in: no reminder of its own, and the message comes once.
    await ownerTick(options(), utc("2026-10-04T22:00"));
    expect(shown("Reminder:")).toHaveLength(0);
    expect(morning()).toHaveLength(1);
  });

  it("when the clocks go back: a lead from Friday afternoon is listed at Monday's 7:30 am AEST", async () => {
    // Friday 3 April, 2 pm AEDT.
    await lead("Di April", utc("2026-04-03T03:00"));
    // Monday 6 April, 7:29 am AEST (UTC+10); 7:30 is 21:30 UTC, an hour after AEDT's 7:30.
    await ownerTick(options(), utc("2026-04-05T21:29"));
    expect(morning()).toHaveLength(0);
    await ownerTick(options(), utc("2026-04-05T21:30"));
    expect(morning()).toEqual([expect.stringMatching(/\n- Di April, .* \(since 2:00 pm, 3 Apr\)/)]);
    expect(shown("Reminder:")).toHaveLength(0);
  });
});

describe("business days", () => {
  it("offers booking days from Hobart's today: just after midnight AEDT is already Monday", () => {
    // 13:30 UTC on Sunday 4 October is 00:30 on Monday 5 October in Hobart (23:30 Sunday in AEST).
    const days = daysOffered({ rules: RULES, hours: HOURS, now: utc("2026-10-04T13:30"), taken: new Map() });
    // The fixture asks 2 days' notice: from Monday, Wednesday on (on AEST's Sunday, it would offer Tuesday).
    expect(RULES.noticeDays).toBe(2);
    expect(days.slice(0, 3)).toEqual(["2026-10-07", "2026-10-08", "2026-10-09"]);
  });

  it("counts the next business day's opening across the change", () => {
    // Friday 2 October, 2 pm AEST: one business day on is Monday 5 October, 7:30 am AEDT.
    expect(HOURS.openingAfterBusinessDays(utc("2026-10-02T04:00"), 1)).toBe(utc("2026-10-04T20:30"));
    // Friday 3 April, 2 pm AEDT: Monday 6 April, 7:30 am AEST.
    expect(HOURS.openingAfterBusinessDays(utc("2026-04-03T03:00"), 1)).toBe(utc("2026-04-05T21:30"));
  });
});

describe("the month's report", () => {
  it("takes October's days and business minutes in Hobart's time, its text naming the zone", async () => {
    // 00:30 on 1 October AEST (still September in UTC) is October's; 00:30 on 1 November AEDT (31 October in
    // UTC, and in AEST) is not.
    await lead("Early October", utc("2026-09-30T14:30"));
    await lead("Early November", utc("2026-10-31T13:30"));
    // Friday 2 October, 12:30 pm AEST, called on Monday 5 October at 8 am AEDT: 30 minutes on Friday before
    // 1 pm and 30 on Monday from 7:30.
    const called = await lead("Friday Noon", utc("2026-10-02T02:30"));
    await bench.leads.store.stages.set(called, "called", utc("2026-10-04T21:00"), { name: "Sam" });
    const report = await monthReport(bench.leads.store, {
      month: "2026-10",
      hours: HOURS,
      hoursFrom: "the fixture's hours",
    });
    expect(report).toMatchObject({ firstDay: "2026-10-01", lastDay: "2026-10-31" });
    expect(report.totals.all.total).toBe(2);
    expect(report.timeToCalled.calls.map((c) => c.businessMinutes)).toEqual([60]);
    expect(reportText(report).split("\n")[0]).toBe(
      "October 2026: leads and where they came from (Hobart time, 2026-10-01 to 2026-10-31)",
    );
  });
});
