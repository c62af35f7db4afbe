/**
 * The quote page's details in the lead store (migration 0010) and in
 * `npm run leads -- show` and the CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyUpkeep } from "../src/relay/leads/upkeep.ts";
import { quoteNotices } from "../src/relay/telegram/notice.ts";
import { QuoteBody, TEST_SERVICES } from "../src/relay/testing/services.ts";
import { tempLeadStore } from "../src/relay/testing/leads.ts";
import { leadsInProcess } from "./testing/leads-run.ts";
import { CLOCK } from "../src/relay/testing/business.ts";

let leads: ReturnType<typeof tempLeadStore>;
const cli = (...args: string[]) => leadsInProcess(args, { LEADS_DB: leads.file });

beforeAll(async () => {
  leads = tempLeadStore();
  const body = QuoteBody.parse({
    name: "Ana",
    email: "ana@example.com",
    service: "bond-cleaning",
    propertyType: "house",
    bedrooms: "3",
    bathrooms: "2",
    storeys: "2",
    date: "2026-12-12",
    timeWindow: "morning",
    "addOn.carpet-steam": "3",
    "addOn.oven": "1",
  });
  const estimate = { line: "estimate $785 incl. GST, prices reviewed 1 Dec 2026", cents: 78_500 };
  await leads.store.add({
    id: "lead-ana",
    form: "quote",
    fields: body,
    parts: quoteNotices(body, new Date(), { clock: CLOCK, site: TEST_SERVICES }, estimate.line),
    receivedAt: Date.now(),
    quote: { details: body, estimate },
  });
  const plain = QuoteBody.parse({ name: "Bo", email: "bo@example.com" });
  await leads.store.add({
    id: "lead-bo",
    form: "quote",
    fields: plain,
    parts: quoteNotices(plain, new Date(), { clock: CLOCK }),
    receivedAt: Date.now() - 1000,
    quote: { details: plain },
  });
});
afterAll(() => leads.remove());

describe("a quote's details in the lead store", () => {
  it("are kept as columns and read back with the lead; none for a post without them", async () => {
    expect((await leads.store.get("lead-ana"))!.details).toEqual({
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: 3,
      bathrooms: 2,
      storeys: 2,
      date: "2026-12-12",
      timeWindow: "morning",
      addOns: "carpet-steam:3 oven:1",
      estimate: "estimate $785 incl. GST, prices reviewed 1 Dec 2026",
      estimateCents: 78_500,
    });
    expect(Object.values((await leads.store.get("lead-bo"))!.details).every((v) => v === null)).toBe(true);
  });

  it("are in npm run leads -- show, the notice's block included", async () => {
    const out = (await cli("show", "lead-ana")).stdout;
    expect(out).toContain("bedrooms    3");
    expect(out).toContain("addOns      carpet-steam:3 oven:1");
    expect(out).toContain("estimate    estimate $785 incl. GST, prices reviewed 1 Dec 2026");
    expect(out).toContain(
      "Details: House · 3 bed · 2 bath · 2 storeys · move-out Sat 12 Dec, morning · add-ons: carpet ×3, oven",
    );
  });

  it("are columns of the CSV export", async () => {
    const [header, ana] = (await cli("export", "--format", "csv")).stdout
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header).toContain(
      ",service,message,propertyType,bedrooms,bathrooms,storeys,date,timeWindow,addOns,estimate,",
    );
    expect(ana).toContain(
      ',Bond Cleaning Brisbane,,house,3,2,2,2026-12-12,morning,carpet-steam:3 oven:1,"estimate $785 incl. GST, prices reviewed 1 Dec 2026",',
    );
  });

  it("are erased with what the visitor typed, after the retention period", async () => {
    await leads.store.sql.run("UPDATE leads SET status = 'delivered' WHERE id = ?", ["lead-ana"]);
    await dailyUpkeep(leads.store, 30, Date.now() + 31 * 24 * 60 * 60_000, () => {}, CLOCK);
    const ana = (await leads.store.get("lead-ana"))!;
    expect(ana.fields).toBeNull();
    expect(Object.values(ana.details).every((v) => v === null)).toBe(true);
  });
});
