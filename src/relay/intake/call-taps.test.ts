/**
 * Call taps counted for the site only (issue 38): a tap on a page the site has and one of the
 * business's own numbers is counted; an invented page or a foreign number is answered as every
 * tap is and never counted, so it never reaches the month's report. Tap rows are kept as long as
 * leads are, and the report's tables stay short whatever old rows hold.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { siteFacts } from "../../content/site-facts.ts";
import { nationalDigits } from "../../shared/phone.ts";
import { tapCheck, type TapSite } from "./call-taps.ts";
import { CLOCK, hoursOf } from "../testing/business.ts";
import { monthReport } from "../owner/report.ts";
import { reportText, REPORT_CELL } from "../owner/report-text.ts";
import { DAY_MS } from "../leads/store.ts";
import { dailyUpkeep } from "../leads/upkeep.ts";
import { createRelay } from "./relay.ts";
import { siteInUse } from "../site.ts";
import { tempLeadStore } from "../testing/leads.ts";
import { siteFromVars, siteVars, VAR_BYTES } from "../worker/site-vars.ts";

/** 10 am on 12 November 2026 in Brisbane. */
const NOW = Date.UTC(2026, 10, 12, 0, 0);
const TODAY = CLOCK.local(NOW).date;
const SITE: TapSite = {
  pages: ["/", "/about-us/", "/suburbs/annerley/", "/suburbs/bulimba/"],
  numbers: ["0491 570 156", "(07) 5550 1234"],
};
const BROWSER = {
  Origin: "http://relay.test",
  "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile",
  "Content-Type": "text/plain;charset=UTF-8",
};
const HOURS = hoursOf([{ days: ["Monday"], opens: "08:00", closes: "18:00" }]);

let leads: ReturnType<typeof tempLeadStore>;
const logs: string[] = [];
beforeEach(() => {
  leads = tempLeadStore();
  logs.length = 0;
});
afterEach(() => leads.remove());

/** A relay given the site, or (null) none. */
const relay = (site: TapSite | null = SITE) =>
  createRelay({
    store: leads.store,
    health: async () => ({ ok: true, telegram: "ok", pending: 0, oldestPendingSeconds: 0, undeliverable: 0 }),
    allowedOrigins: [],
    rateLimitPerMinute: 5,
    phone: "0491 570 156",
    clock: CLOCK,
    callTaps: site ?? undefined,
    now: () => new Date(NOW),
    log: (m) => void logs.push(m),
  });
const tap = (handler: ReturnType<typeof relay>, page: string, number: string, address = "203.0.113.7") =>
  handler(
    new Request("http://relay.test/api/call", {
      method: "POST",
      headers: BROWSER,
      body: JSON.stringify({ page, number }),
    }),
    { clientAddress: address },
  );
const november = () =>
  monthReport(leads.store, { month: "2026-11", hours: HOURS, hoursFrom: "the test's hours" });

describe("call taps: counted for the site's own pages and numbers only", () => {
  it("answers invented pages and foreign numbers as any tap (204), and counts none of them: 50 addresses × 10 taps leave the report empty", async () => {
    const handler = relay();
    const answers = new Set<number>();
    for (let a = 0; a < 50; a++) {
      for (let i = 0; i < 10; i++)
        answers.add(
          (await tap(handler, `/suburbs/fake-${a * 10 + i}/`, "+61491570156", `198.51.100.${a}`)).status,
        );
    }
    answers.add((await tap(handler, "/suburbs/annerley/", "0400 000 000")).status);
    answers.add((await tap(handler, "/suburbs/annerley/", "+44 20 7946 0000")).status);
    answers.add((await tap(handler, "/suburbs/annerley/extra/", "0491 570 156")).status);
    // The browser sees what it always saw: no error for anything it could send.
    expect([...answers]).toEqual([204]);
    expect(await leads.store.callTaps(TODAY, TODAY)).toEqual([]);
    const report = await november();
    expect(report.pages).toEqual([]);
    expect(report.callTapsByNumber).toEqual([]);
    expect(reportText(report)).not.toContain("fake");
  });

  it("counts a tap on a page of the site and one of its numbers, however the link or the host wrote them, as the site's links carry the number", async () => {
    const handler = relay();
    for (const [page, number] of [
      ["/suburbs/annerley/", "+61491570156"],
      ["/suburbs/annerley", "0491570156"],
      ["/suburbs/annerley/index.html?utm_source=gbp", "+61 491 570 156"],
      ["/", "+61755501234"],
    ]) {
      expect((await tap(handler, page, number)).status).toBe(204);
    }
    expect(await leads.store.callTaps(TODAY, TODAY)).toEqual([
      { page: "/", number: "+61755501234", count: 1 },
      { page: "/suburbs/annerley/", number: "+61491570156", count: 3 },
    ]);
    expect((await november()).pages.map((p) => [p.page, p.callTaps])).toEqual([
      ["/suburbs/annerley/", 3],
      ["/", 1],
    ]);
  });

  it("counts nothing on a relay given no site, and says so once when it starts", async () => {
    const handler = relay(null);
    for (let i = 0; i < 3; i++)
      expect((await tap(handler, "/suburbs/annerley/", "+61491570156")).status).toBe(204);
    expect(await leads.store.callTaps(TODAY, TODAY)).toEqual([]);
    expect(logs.filter((l) => l.includes("call taps are not counted"))).toHaveLength(1);
    relay();
    expect(logs.filter((l) => l.includes("call taps are not counted"))).toHaveLength(1);
  });

  it("compares numbers by their digits, the national form and the +61 form alike", () => {
    for (const written of [
      "0491 570 156",
      "+61 491 570 156",
      "tel:+61491570156",
      "+61491570156",
      "0061 491 570 156",
      "(04) 9157-0156",
    ])
      expect(nationalDigits(written), written).toBe("0491570156");
    expect(nationalDigits("+44 20 7946 0000")).toBe("+442079460000");
    const own = tapCheck(SITE);
    expect(own("/about-us", "(07) 5550 1234")).toEqual({ page: "/about-us/", number: "+61755501234" });
    expect(own("/about-us/", "07 5550 1235")).toBeUndefined();
    expect(own("/About-Us/", "07 5550 1234")).toBeUndefined();
  });
});

describe("the site the relay counts taps for, from the route list", () => {
  it("is every page but the 404 page, and the phone and landline of content/site.yaml", () => {
    const content = loadContent("content");
    const site = siteInUse({}, siteFacts(content)).taps!;
    expect(site.pages).toContain("/");
    expect(site.pages).toContain(`/suburbs/${content.suburbs[0].slug}/`);
    expect(site.pages).not.toContain("/404.html");
    expect(site.numbers).toEqual([content.site.phone, content.site.landline]);
  });

  it("reaches the Worker as variables of at most 5 KB each, SITE_FACTS continued in SITE_FACTS_2 … for a long list, and is read back whole", () => {
    const content = loadContent("content");
    const site = siteFacts(content);
    expect(siteFromVars(siteVars(site))).toEqual(site);
    // A site with 1,000 suburb pages: about 26 KB of paths.
    const big = {
      ...site,
      pages: [...site.pages, ...Array.from({ length: 1_000 }, (_, i) => `/suburbs/a-long-suburb-name-${i}/`)],
    };
    const vars = siteVars(big);
    expect(Object.keys(vars).length).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(vars))
      expect(new TextEncoder().encode(value).length, name).toBeLessThanOrEqual(VAR_BYTES);
    expect(siteFromVars(vars)).toEqual(big);
    // Missing or broken: no site, so nothing is counted.
    expect(siteInUse({}, siteFromVars({})).taps).toBeUndefined();
    expect(siteInUse({}, siteFromVars({ ...vars, SITE_FACTS: "0491 570 156" })).taps).toBeUndefined();
    const { SITE_FACTS_2: lost, ...withoutOne } = vars;
    expect(lost).toBeDefined();
    expect(siteInUse({}, siteFromVars(withoutOne)).taps).toBeUndefined();
    expect(
      siteInUse({}, siteFromVars({ SITE_FACTS: JSON.stringify({ ...site, pages: [1, 2] }) })).taps,
    ).toBeUndefined();
  });
});

describe("tap rows over time, and the report's size", () => {
  it("forgets the taps of days older than LEADS_RETENTION_DAYS in the daily upkeep, as leads are erased", async () => {
    const day = (daysAgo: number) => CLOCK.local(NOW - daysAgo * DAY_MS).date;
    for (const daysAgo of [0, 30, 90, 91, 400])
      await leads.store.countCallTap(day(daysAgo), "/suburbs/annerley/", "+61491570156");
    await dailyUpkeep(leads.store, 90, NOW, () => {}, CLOCK);
    const kept = await leads.store.callTaps("2000-01-01", "2100-01-01");
    expect(kept).toEqual([{ page: "/suburbs/annerley/", number: "+61491570156", count: 3 }]);
    expect(await leads.store.callTaps(day(91), day(91))).toEqual([]);
    expect(await leads.store.callTaps(day(90), day(90))).toHaveLength(1);
  });

  it("shows the top 20 pages and says how many more, and cuts a long cell with …, whatever old rows hold", async () => {
    const long = `/suburbs/${"x".repeat(200)}/`;
    for (let i = 0; i < 60; i++)
      await leads.store.countCallTap(
        TODAY,
        `/suburbs/fake-${String(i).padStart(2, "0")}/`,
        `0400 000 ${String(i).padStart(3, "0")}`,
      );
    for (let i = 0; i < 5; i++) await leads.store.countCallTap(TODAY, long, "+61491570156");
    const text = reportText(await november());
    const pageTable = text.slice(text.indexOf("Per page:"), text.indexOf("Per source:"));
    expect(pageTable.split("\n").filter((l) => /^\/suburbs\//.test(l))).toHaveLength(20);
    expect(pageTable).toContain("  and 41 more pages (--json lists them all)");
    // The long page heads the table (most taps), cut to the widest cell.
    const head = pageTable.split("\n").find((l) => l.startsWith("/suburbs/x"))!;
    expect(head.split(/\s{2,}/)[0]).toBe(`${long.slice(0, REPORT_CELL - 1)}…`);
    expect(text).toMatch(
      /^Call taps by number: \+61491570156 5, 0400 000 000 1, .*, and 56 more numbers\.$/m,
    );
    const ranking = text.slice(text.indexOf("Suburb pages, ranked"));
    expect(ranking).toContain("  and 41 more suburb pages (--json lists them all)");
    // Each table's lines as wide as the widest cell allows: page, then four figures.
    const rows = pageTable.split("\n").filter((l) => /^(\/|page )/.test(l));
    expect(rows).toHaveLength(21);
    expect(Math.max(...rows.map((l) => l.length))).toBeLessThan(REPORT_CELL + 40);
    expect(text.split("\n").length).toBeLessThan(80);
  });
});
