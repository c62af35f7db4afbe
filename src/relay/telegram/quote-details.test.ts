import { describe, expect, it } from "vitest";
import { QuoteBody, TEST_SERVICES } from "../testing/services.ts";
import { quoteOffer } from "../../shared/forms/quote-details.ts";
import type { PriceTable } from "../../shared/pricing/table.ts";
import { quoteEstimate, refusedAddOns } from "../intake/quote-estimate.ts";
import { quoteNotices } from "./notice.ts";
import { detailsBlock } from "./quote-details.ts";
import { siteFromVars, siteVars, VAR_BYTES } from "../worker/site-vars.ts";
import { TEST_PRICES } from "../testing/price-table.ts";
import { CLOCK, FACTS } from "../testing/business.ts";

const base = { name: "Mia", email: "mia@example.com" };
const TABLE = TEST_PRICES;
/** A site of one page, no hours, no prices. */
const NO_SITE = { ...FACTS, phone: "07 5550 0000", landline: "", hours: [], pages: ["/"], prices: undefined };

describe("the quote page's details", () => {
  it("are read from the post, add-ons gathered from their controls", () => {
    const parsed = QuoteBody.safeParse({
      ...base,
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: "3",
      bathrooms: "2",
      storeys: "2",
      date: "2026-12-12",
      timeWindow: "morning",
      "addOn.carpet-steam": "3",
      "addOn.oven": "1",
      "addOn.walls": "",
      addOns: "forged:9",
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      propertyType: "house",
      bedrooms: "3",
      addOns: "carpet-steam:3 oven:1",
      phone: "",
      message: "",
    });
  });

  it("are each optional: name and email alone is a quote request", () => {
    expect(QuoteBody.safeParse(base).data).toMatchObject({
      service: "",
      propertyType: "",
      bedrooms: "",
      date: "",
      timeWindow: "",
      addOns: "",
    });
  });

  it.each([
    ["bedrooms", "21"],
    ["bedrooms", "-1"],
    ["bedrooms", "2.5"],
    ["storeys", "0"],
    ["propertyType", "castle"],
    ["timeWindow", "midnight"],
    ["service", "window-washing"],
    ["date", "2026-02-30"],
    ["addOn.oven", "lots"],
    ["addOn.oven", "100"],
  ])("refuse %s %j, as any unknown value", (name, value) => {
    expect(QuoteBody.safeParse({ ...base, [name]: value }).success).toBe(false);
  });

  it("refuse an add-on the site never offers, and take one only the price table has", () => {
    const site = (prices?: PriceTable) => quoteOffer(TEST_SERVICES, prices);
    expect(refusedAddOns(site(), undefined, { "addOn.oven": "1", "addOn.jacuzzi": "1" }, "")).toEqual([
      "addOn.jacuzzi",
    ]);
    const table: PriceTable = {
      ...TABLE,
      services: [
        {
          ...TABLE.services[0],
          addOns: [{ id: "jacuzzi", label: "Jacuzzi", unit: "tub", price: 80, max: 1 }],
        },
      ],
    };
    expect(refusedAddOns(site(table), table, { "addOn.jacuzzi": "1" }, "bond-cleaning")).toEqual([]);
    // The table prices bond cleaning without an oven: add-ons.yaml's oven is not the service's.
    expect(refusedAddOns(site(table), table, { "addOn.oven": "1" }, "bond-cleaning")).toEqual(["addOn.oven"]);
  });

  it("read as one block in the owner's notice, with the relay's own estimate", () => {
    const d = {
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: "3",
      bathrooms: "2",
      storeys: "2",
      date: "2026-12-12",
      timeWindow: "morning",
      addOns: "carpet-steam:3 oven:1",
    };
    expect(detailsBlock(d, TEST_SERVICES)).toBe(
      "House · 3 bed · 2 bath · 2 storeys · move-out Sat 12 Dec, morning · add-ons: carpet ×3, oven",
    );
    // 490 + 40 (house) + 60 (2 storeys) + 3 × 45 + 60 = 785, a multiple of 5 already.
    expect(quoteEstimate(TABLE, d)).toEqual({
      line: "estimate $785 incl. GST, prices reviewed 1 Dec 2026",
      cents: 78_500,
    });
    const body = QuoteBody.parse({
      ...base,
      ...d,
      addOns: undefined,
      "addOn.carpet-steam": "3",
      "addOn.oven": "1",
    });
    const line = quoteEstimate(TABLE, body).line;
    const [notice] = quoteNotices(body, new Date(0), { clock: CLOCK, site: TEST_SERVICES }, line);
    expect(notice).toContain("*Service:* Bond Cleaning Brisbane\n");
    expect(notice).toContain(
      "*Details:* House · 3 bed · 2 bath · 2 storeys · move-out Sat 12 Dec, morning · add-ons: carpet ×3, oven\n",
    );
    expect(notice).toContain("*Estimate:* estimate $785 incl. GST, prices reviewed 1 Dec 2026\n");
  });

  it("say nothing for the home hero's post, and no estimate without a table", () => {
    const [notice] = quoteNotices(QuoteBody.parse(base), new Date(0), { clock: CLOCK });
    expect(notice).not.toMatch(/Service:|Details:|Estimate:/);
    expect(quoteEstimate(undefined, { service: "bond-cleaning" })).toEqual({});
  });

  it("ask to call beyond the table's thresholds", () => {
    expect(
      quoteEstimate(TABLE, {
        service: "bond-cleaning",
        propertyType: "house",
        bedrooms: "6",
        bathrooms: "2",
        storeys: "1",
      }).line,
    ).toBe("no estimate, asked to call: more than 4 bedrooms (prices reviewed 1 Dec 2026)");
  });
});

describe("the price table on the Worker", () => {
  it("reaches it among the facts, in variables of at most 5 KB each, SITE_FACTS, SITE_FACTS_2 …, read back whole", () => {
    const big: PriceTable = {
      ...TABLE,
      assumptions: Array.from(
        { length: 60 },
        (_, i) => `Assumption ${i}: the home is empty — 空 ${"x".repeat(150)}`,
      ),
    };
    const vars = siteVars({ ...NO_SITE, prices: big });
    const pieces = Object.keys(vars).filter((k) => k.startsWith("SITE_FACTS"));
    expect(pieces.length).toBeGreaterThan(2);
    for (const k of pieces) expect(new TextEncoder().encode(vars[k]).length).toBeLessThanOrEqual(VAR_BYTES);
    expect(siteFromVars(vars).prices).toEqual(big);
  });

  it("is absent without a table, and a broken one is no table", () => {
    const vars = siteVars(NO_SITE);
    expect(JSON.parse(vars.SITE_FACTS)).not.toHaveProperty("prices");
    expect(siteFromVars(vars).prices).toBeUndefined();
    expect(
      siteFromVars({ SITE_FACTS: JSON.stringify({ prices: { reviewed: "1 Dec" } }) }).prices,
    ).toBeUndefined();
    expect(siteFromVars({ SITE_FACTS: '{"prices":{"reviewed":"1 Dec' }).prices).toBeUndefined();
  });
});
