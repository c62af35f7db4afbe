import { describe, expect, it } from "vitest";
import { estimate, toCents, type Estimate, type EstimateLine } from "./estimate.ts";
import { callReasonText, formatDollars, noticeLine, shortDate } from "./format.ts";
import type { EstimateChoices, PriceTable, ServicePrices } from "./table.ts";

/** A table for these tests only: its figures are made up to make each rule visible, not anyone's prices. */
const TABLE = {
  reviewed: "1 December 2026",
  gstIncluded: true,
  rounding: { to: 5, direction: "up" },
  assumptions: ["Power and water on."],
  services: [
    {
      service: "bond-cleaning",
      byRooms: [
        { bedrooms: 1, bathrooms: 1, price: 300 },
        { bedrooms: 2, bathrooms: 1, price: 352.5 },
        { bedrooms: 3, bathrooms: 2, price: 480 },
      ],
      modifiers: {
        propertyType: { apartment: 0, townhouse: 20, house: 40 },
        storeys: [{ storeys: 2, add: 60 }],
      },
      addOns: [
        { id: "oven", label: "Oven clean", unit: "oven", price: 60, max: 2 },
        { id: "carpet-steam", label: "Carpet steam cleaning", unit: "room", price: 45.5, max: 3 },
      ],
      callUsAbove: { bedrooms: 3, bathrooms: 2, storeys: 2, total: 900 },
      minimum: 250,
      assumptions: ["Empty home."],
    },
    {
      service: "spring-cleaning",
      byPropertyType: { apartment: 101, house: 380 },
      addOns: [],
      callUsAbove: {},
      minimum: 150,
      assumptions: [],
    },
  ],
} satisfies PriceTable;

const BOND = {
  service: "bond-cleaning",
  propertyType: "apartment",
  bedrooms: 2,
  bathrooms: 1,
  storeys: 1,
} as const;

const withService = (changes: Partial<ServicePrices>, table: PriceTable = TABLE): PriceTable => ({
  ...table,
  services: [{ ...table.services[0], ...changes }, ...table.services.slice(1)],
});

/** The estimate, which must be a figure. */
function priced(table: PriceTable, choices: EstimateChoices) {
  const result = estimate(table, choices);
  if (result?.kind !== "price") throw new Error(`expected a figure, got ${JSON.stringify(result)}`);
  return result;
}
const lines = (result: { lines: EstimateLine[] }) => result.lines.map((l) => [l.kind, l.label, l.cents]);

describe("estimate", () => {
  it("prices a home by bedrooms × bathrooms, rounds the total up to $5 and names the table it used", () => {
    const result = priced(TABLE, BOND);
    expect(lines(result)).toEqual([
      ["base", "2 bedrooms, 1 bathroom", 35250],
      ["rounding", "Rounding", 250],
    ]);
    expect(result.totalCents).toBe(35500);
    expect(result.reviewed).toBe("1 December 2026");
    expect(result.assumptions).toEqual(["Power and water on.", "Empty home."]);
  });

  it("adds the property type's and the storeys' modifiers, and nothing for a type the table says adds 0", () => {
    expect(lines(priced(TABLE, { ...BOND, propertyType: "house", storeys: 2 }))).toEqual([
      ["base", "2 bedrooms, 1 bathroom", 35250],
      ["propertyType", "House", 4000],
      ["storeys", "2 storeys", 6000],
      ["rounding", "Rounding", 250],
    ]);
    expect(priced(TABLE, { ...BOND, propertyType: "townhouse" }).totalCents).toBe(37500);
    expect(lines(priced(TABLE, BOND)).map(([kind]) => kind)).not.toContain("propertyType");
  });

  it("prices a service by property type", () => {
    expect(lines(priced(TABLE, { service: "spring-cleaning", propertyType: "house" }))).toEqual([
      ["base", "House", 38000],
    ]);
  });

  it("counts each add-on chosen, in the table's order; nothing is added unless chosen", () => {
    const result = priced(TABLE, { ...BOND, addOns: { "carpet-steam": 3, oven: 1 } });
    expect(result.lines.filter((l) => l.kind === "addOn")).toEqual([
      { kind: "addOn", label: "Oven clean", cents: 6000, quantity: 1, unit: "oven", unitCents: 6000 },
      {
        kind: "addOn",
        label: "Carpet steam cleaning",
        cents: 13650,
        quantity: 3,
        unit: "room",
        unitCents: 4550,
      },
    ]);
    expect(result.totalCents).toBe(55000);
    for (const none of [{}, { oven: 0 }, { oven: -2 }, { oven: Number.NaN }, { oven: 0.5 }] as Record<
      string,
      number
    >[]) {
      expect(priced(TABLE, { ...BOND, addOns: none }).totalCents, JSON.stringify(none)).toBe(35500);
    }
    expect(
      priced(TABLE, { ...BOND, addOns: { oven: 1.9 } }).lines.find((l) => l.kind === "addOn")?.quantity,
    ).toBe(1);
  });

  it("gives no figure for more of an add-on than the table prices: a call, never the figure for its most", () => {
    expect(estimate(TABLE, { ...BOND, addOns: { "carpet-steam": 5, oven: 1 } })).toMatchObject({
      kind: "call",
      reason: { code: "not-priced", what: "5 rooms of carpet steam cleaning" },
    });
  });

  it("raises a total below the minimum to it, as a line of its own", () => {
    const result = priced(withService({ byRooms: [{ bedrooms: 1, bathrooms: 1, price: 120 }] }), {
      ...BOND,
      bedrooms: 1,
    });
    expect(lines(result)).toEqual([
      ["base", "1 bedroom, 1 bathroom", 12000],
      ["minimum", "Minimum charge", 13000],
    ]);
    expect(result.totalCents).toBe(25000);
  });

  it.each([
    ["up", 35500],
    ["down", 35000],
    ["nearest", 35500],
  ] as const)("rounds %s to the table's step", (direction, total) => {
    expect(priced({ ...TABLE, rounding: { to: 5, direction } }, BOND).totalCents).toBe(total);
  });

  it("rounds a half to the nearest up and below it down; a step of a cent rounds nothing", () => {
    const at = (price: number, to = 10) =>
      priced(
        {
          ...withService({ byRooms: [{ bedrooms: 2, bathrooms: 1, price }] }),
          rounding: { to, direction: "nearest" },
        },
        BOND,
      ).totalCents;
    expect(at(355)).toBe(36000);
    expect(at(354.99)).toBe(35000);
    expect(at(352.5, 0.01)).toBe(35250);
    expect(
      priced({ ...TABLE, rounding: { to: 0.01, direction: "up" } }, BOND).lines.map((l) => l.kind),
    ).toEqual(["base"]);
  });

  it("asks the visitor to call beyond a threshold, and says which", () => {
    expect(estimate(TABLE, { ...BOND, bedrooms: 4 })).toEqual({
      kind: "call",
      reason: { code: "bedrooms", limit: 3 },
      reviewed: "1 December 2026",
    });
    expect(estimate(TABLE, { ...BOND, bathrooms: 3 })).toMatchObject({
      kind: "call",
      reason: { code: "bathrooms", limit: 2 },
    });
    expect(estimate(TABLE, { ...BOND, storeys: 3 })).toMatchObject({
      kind: "call",
      reason: { code: "storeys", limit: 2 },
    });
    // 352.50 + 40 (house) + 60 (2 storeys) + 2 ovens (120) + 3 rooms of carpet (136.50) = 709, rounded up to
    // $710: under this table's $900, over a table's $700.
    const big = { ...BOND, propertyType: "house", storeys: 2, addOns: { oven: 2, "carpet-steam": 3 } };
    expect(priced(TABLE, big).totalCents).toBe(71000);
    expect(estimate(withService({ callUsAbove: { total: 700 } }), big)).toMatchObject({
      kind: "call",
      reason: { code: "total", limitCents: 70000 },
    });
    // A threshold counts before what is still to choose: 4 bedrooms is a call whatever the bathrooms.
    expect(estimate(TABLE, { service: "bond-cleaning", bedrooms: 4 })).toMatchObject({
      kind: "call",
      reason: { code: "bedrooms" },
    });
  });

  it("asks the visitor to call for a size, a number of storeys or a kind of home the table does not price, and for an add-on the service does not have", () => {
    expect(estimate(TABLE, { ...BOND, bedrooms: 3, bathrooms: 1 })).toMatchObject({
      kind: "call",
      reason: { code: "not-priced", what: "3 bedrooms, 1 bathroom" },
    });
    expect(estimate(withService({ callUsAbove: {} }), { ...BOND, storeys: 3 })).toMatchObject({
      kind: "call",
      reason: { code: "not-priced", what: "3 storeys" },
    });
    expect(estimate(TABLE, { service: "spring-cleaning", propertyType: "townhouse" })).toMatchObject({
      kind: "call",
      reason: { code: "not-priced", what: "Townhouse" },
    });
    expect(estimate(TABLE, { ...BOND, addOns: { "pressure-wash": 1 } })).toMatchObject({
      kind: "call",
      reason: { code: "unknown-add-on", id: "pressure-wash" },
    });
  });

  it("says what is still to choose before a figure, and takes a count that is not a whole number of 0 or more as not chosen", () => {
    expect(estimate(TABLE, { service: "bond-cleaning" })).toEqual({
      kind: "incomplete",
      missing: ["propertyType", "bedrooms", "bathrooms", "storeys"],
      reviewed: "1 December 2026",
    });
    expect(estimate(TABLE, { ...BOND, bedrooms: 1.5, bathrooms: -1, propertyType: "castle" })).toMatchObject({
      kind: "incomplete",
      missing: ["propertyType", "bedrooms", "bathrooms"],
    });
    expect(estimate(TABLE, { service: "spring-cleaning", bedrooms: 2 })).toMatchObject({
      kind: "incomplete",
      missing: ["propertyType"],
    });
    // Without modifiers a by-rooms price needs neither the kind of home nor the storeys.
    expect(
      priced(withService({ modifiers: undefined }), { service: "bond-cleaning", bedrooms: 2, bathrooms: 1 })
        .totalCents,
    ).toBe(35500);
  });

  it("gives nothing for a service the table has no prices for, or none chosen", () => {
    expect(estimate(TABLE, { ...BOND, service: "office-cleaning" })).toBeUndefined();
    expect(estimate(TABLE, {})).toBeUndefined();
  });

  it("gives only figures made of the table's amounts: whole cents whose lines add up to the total, never under the minimum", () => {
    // Every combination of choices a form could send, and some it could not.
    const counts = [undefined, -1, 0, 1, 2, 3, 4, 2.5];
    const results: Estimate[] = [];
    for (const service of ["bond-cleaning", "spring-cleaning"])
      for (const propertyType of [undefined, "apartment", "townhouse", "house", "castle"])
        for (const bedrooms of counts)
          for (const bathrooms of counts)
            for (const storeys of counts)
              for (const oven of [undefined, 0, 1, 5]) {
                const result = estimate(TABLE, {
                  service,
                  propertyType,
                  bedrooms,
                  bathrooms,
                  storeys,
                  addOns: oven === undefined ? undefined : { oven },
                });
                if (result) results.push(result);
              }
    const amounts = new Set(
      (TABLE.services as readonly ServicePrices[])
        .flatMap((s) => [
          ...(s.byRooms ?? []).map((r) => r.price),
          ...Object.values(s.byPropertyType ?? {}),
          ...Object.values(s.modifiers?.propertyType ?? {}),
          ...(s.modifiers?.storeys ?? []).map((r) => r.add),
        ])
        .map(toCents),
    );
    const figures = results.filter((r) => r.kind === "price");
    expect(figures.length).toBeGreaterThan(20);
    for (const r of figures) {
      expect(Number.isSafeInteger(r.totalCents)).toBe(true);
      expect(r.lines.reduce((n, l) => n + l.cents, 0)).toBe(r.totalCents);
      expect(r.totalCents % 500, "rounded to $5, or the minimum").toBe(0);
      for (const l of r.lines) {
        if (l.kind === "base" || l.kind === "propertyType" || l.kind === "storeys")
          expect(amounts).toContain(l.cents);
        if (l.kind === "addOn") expect(l.cents).toBe(l.unitCents! * l.quantity!);
      }
    }
  });
});

describe("the estimate in words", () => {
  it("writes dollars the Australian way, cents only when there are some", () => {
    expect([0, 48000, 123450, 100000000, 5, -250].map(formatDollars)).toEqual([
      "$0",
      "$480",
      "$1,234.50",
      "$1,000,000",
      "$0.05",
      "-$2.50",
    ]);
  });

  it("shortens the reviewed date's month", () => {
    expect(shortDate("1 December 2026")).toBe("1 Dec 2026");
    expect(shortDate("30 September 2026")).toBe("30 Sep 2026");
    expect(shortDate("2026-12-01")).toBe("2026-12-01");
  });

  it("gives the owner's notice one line naming the table it used", () => {
    const house = { service: "bond-cleaning", propertyType: "house", bedrooms: 3, bathrooms: 2, storeys: 1 };
    expect(noticeLine(estimate(TABLE, house))).toBe("estimate $520 incl. GST, prices reviewed 1 Dec 2026");
    expect(noticeLine(estimate(TABLE, { ...house, bedrooms: 5 }))).toBe(
      "no estimate, asked to call: more than 3 bedrooms (prices reviewed 1 Dec 2026)",
    );
    expect(noticeLine(estimate(TABLE, { service: "bond-cleaning", bedrooms: 2 }))).toBe(
      "no estimate: property type, bathrooms and storeys not chosen (prices reviewed 1 Dec 2026)",
    );
    expect(noticeLine(estimate(TABLE, { service: "office-cleaning" }))).toBeUndefined();
  });

  it("says why there is no figure", () => {
    expect(callReasonText({ code: "total", limitCents: 150000 })).toBe("over $1,500");
    expect(callReasonText({ code: "not-priced", what: "3 storeys" })).toBe(
      "3 storeys is not in the price list",
    );
    expect(callReasonText({ code: "unknown-add-on", id: "x" })).toBe(
      'an add-on the service does not have ("x")',
    );
  });
});
