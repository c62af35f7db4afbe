import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_FILES } from "../../content/content.ts";
import { asPriceTable } from "../../content/schema/pricing.ts";
import { estimate } from "../../shared/pricing/estimate.ts";
import { noticeLine } from "../../shared/pricing/format.ts";
import { contentWithPricing, lineOf, problemsOf } from "../../testing/content-problems.ts";
import { estimatesOff, loadContent } from "./load.ts";

describe("content/pricing.yaml", () => {
  it("is not in the repository: the content loads without it, with no prices, and the build says once that estimates are off", () => {
    expect(
      existsSync("content/pricing.yaml"),
      "no figure may be invented: the owner's prices are not known",
    ).toBe(false);
    expect(loadContent("content").pricing).toBeUndefined();
    expect(estimatesOff("content")).toBe(
      "Estimates are off until content/pricing.yaml exists: no price appears on the site. To start one, copy docs/pricing.example.yaml (docs/pricing.md explains each field).",
    );
  });

  it("copied from the docs' example is refused, at its line, until the day its prices were reviewed is written", () => {
    const dir = contentWithPricing((t) => t, readFileSync(CONTENT_FILES.pricing.example, "utf8"));
    expect(problemsOf(dir)).toEqual([
      `pricing.yaml:${lineOf(dir, "pricing.yaml", /^reviewed:/)} → reviewed: still to fill in: the day you checked every price below against your own price list, e.g. 1 December 2026`,
    ]);
  });

  it("once the date is written, is the table the estimate reads, and the notice names it", () => {
    const pricing = loadContent(contentWithPricing()).pricing!;
    expect(pricing.reviewed).toBe("1 December 2026");
    expect(pricing.services.map((s) => s.service)).toEqual(["bond-cleaning", "spring-cleaning"]);
    const result = estimate(asPriceTable(pricing), {
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: 3,
      bathrooms: 2,
      storeys: 1,
      addOns: { oven: 1 },
    });
    expect(result).toMatchObject({ kind: "price", totalCents: 59000 });
    expect(noticeLine(result)).toBe("estimate $590 incl. GST, prices reviewed 1 Dec 2026");
  });

  // Each: what is wrong, the edit to the example, the line it is on, and what the build says there.
  it.each<[string, (t: string) => string, RegExp, string]>([
    [
      "GST left out",
      (t) => t.replace("gstIncluded: true", "gstIncluded: false"),
      /^gstIncluded:/,
      "→ gstIncluded: write gstIncluded: true, with every amount in this file including GST: the site shows one total a customer pays (Australian Consumer Law s 48)",
    ],
    [
      "a date written another way",
      (t) => t.replace(/^reviewed: .*$/m, "reviewed: 2026-12-01"),
      /^reviewed:/,
      '→ reviewed: expected a date such as "24 November 2026", got "2026-12-01": write it "1 December 2026"',
    ],
    [
      "a service services.yaml does not have",
      (t) => t.replace("- service: spring-cleaning", "- service: window-cleaning"),
      /service: window-cleaning/,
      'services[1] "window-cleaning" → service: names no service in services.yaml: "window-cleaning" (its formValues: bond-cleaning, spring-cleaning, office-cleaning, oven-bbq-cleaning, house-cleaning, carpet-cleaning)',
    ],
    [
      "an add-on add-ons.yaml does not have",
      (t) => t.replace("{ id: walls,", "{ id: jacuzzi,"),
      /id: jacuzzi/,
      'services[0] "bond-cleaning" → addOns[3].id: names no add-on in add-ons.yaml: "jacuzzi" (its ids: carpet-steam, oven, inside-windows, walls, garage, blinds, balcony)',
    ],
    [
      "an add-on the service does not offer",
      (t) => t.replace("- service: spring-cleaning", "- service: office-cleaning"),
      /^ {6}- \{ id: oven, label: Oven clean, unit: oven, price: 60, max: 2 \}$/gm,
      'services[1] "office-cleaning" → addOns[0].id: "oven" is not one of office-cleaning\'s add-ons in services.yaml (carpet-steam, inside-windows, blinds): add it there or leave it out here',
    ],
    [
      "a service priced twice",
      (t) => t.replace("- service: spring-cleaning", "- service: bond-cleaning"),
      /^ {2}- service: bond-cleaning/gm,
      'services[1] "bond-cleaning" → service: "bond-cleaning" is priced twice: services[0] has it already',
    ],
    [
      "an add-on id used twice",
      (t) => t.replace("{ id: walls,", "{ id: oven,"),
      /label: Wall spot/,
      'services[0] "bond-cleaning" → addOns[3].id: duplicate add-on id "oven": addOns[1] has it already',
    ],
    [
      "a size priced twice",
      (t) =>
        t.replace("{ bedrooms: 2, bathrooms: 2, price: 410 }", "{ bedrooms: 2, bathrooms: 1, price: 410 }"),
      /price: 410/,
      'services[0] "bond-cleaning" → byRooms[2]: 2 bedrooms, 1 bathroom is priced twice: byRooms[1] has it already',
    ],
    [
      "a price beyond the thresholds",
      (t) =>
        t.replace(
          "callUsAbove:\n      bedrooms: 4\n      bathrooms: 3",
          "callUsAbove:\n      bedrooms: 4\n      bathrooms: 2",
        ),
      /bedrooms: 4, bathrooms: 3/,
      'services[0] "bond-cleaning" → byRooms[6].bathrooms: 3 is more than callUsAbove.bathrooms (2): this price could never be shown',
    ],
    [
      "a total threshold at the minimum",
      (t) => t.replace("total: 1500", "total: 250"),
      /total: 250/,
      'services[0] "bond-cleaning" → callUsAbove.total: 250 is not above the minimum (250): every estimate would be a call',
    ],
    [
      "both ways of pricing",
      (t) =>
        t.replace(
          "    byPropertyType:\n",
          "    byRooms: [{ bedrooms: 1, bathrooms: 1, price: 200 }]\n    byPropertyType:\n",
        ),
      /apartment: 260/,
      'services[1] "spring-cleaning" → byPropertyType: give byRooms or byPropertyType, not both',
    ],
    [
      "a storeys amount beyond the thresholds",
      (t) => t.replace("storeys: 2\n      total: 1500", "storeys: 1\n      total: 1500"),
      /\{ storeys: 2, add: 60 \}/,
      'services[0] "bond-cleaning" → modifiers.storeys[0].storeys: 2 is more than callUsAbove.storeys (1): this amount could never be added',
    ],
    [
      "no base price",
      (t) =>
        t.replace("    byPropertyType:\n      apartment: 260\n      townhouse: 320\n      house: 380\n", ""),
      /service: spring-cleaning/,
      'services[1] "spring-cleaning" → give the base price: byRooms (bedrooms × bathrooms) or byPropertyType',
    ],
    [
      "a property type modifier on a price by property type",
      (t) =>
        t.replace(
          "      house: 380\n",
          "      house: 380\n    modifiers:\n      propertyType: { apartment: 0, townhouse: 0, house: 10 }\n",
        ),
      /propertyType: \{ apartment: 0/,
      'services[1] "spring-cleaning" → modifiers.propertyType: a property type modifier adds to a byRooms price: with byPropertyType, write each kind\'s price there',
    ],
    [
      "a price written as text",
      (t) => t.replace("price: 290 }", 'price: "290" }'),
      /price: "290"/,
      'services[0] "bond-cleaning" → byRooms[0].price: expected a number, got "290": write it without quotes, 290',
    ],
    [
      "a price in fractions of a cent",
      (t) => t.replace("price: 290 }", "price: 290.125 }"),
      /price: 290.125/,
      'services[0] "bond-cleaning" → byRooms[0].price: expected dollars and at most 2 decimals (cents), got 290.125',
    ],
    [
      "a misspelt field",
      (t) => t.replace("    minimum: 250\n", "    minimun: 250\n"),
      /minimun:/,
      'services[0] "bond-cleaning" → unknown field "minimun": check the spelling',
    ],
  ])("names file, line, entry and field of %s", (_, edit, line, message) => {
    const dir = contentWithPricing(edit);
    const lines = problemsOf(dir);
    const at = line.global ? lineOfLast(dir, line) : lineOf(dir, "pricing.yaml", line);
    expect(lines).toContain(`pricing.yaml:${at} ${message}`);
  });

  it("is explained in docs/pricing.md with the build's own words", () => {
    const docs = readFileSync("docs/pricing.md", "utf8");
    expect(docs).toContain(estimatesOff("content"));
    const [duplicate] = problemsOf(contentWithPricing((t) => t.replace("{ id: walls,", "{ id: oven,")));
    expect(docs).toContain(`content/${duplicate}`);
  });

  it("reports every problem in it at once, with those of the other files", () => {
    const dir = contentWithPricing((t) =>
      t.replace("gstIncluded: true", "gstIncluded: false").replace("{ id: walls,", "{ id: oven,"),
    );
    expect(problemsOf(dir)).toHaveLength(2);
  });
});

/** The line of the last match of a /g pattern: the second of two entries written alike. */
function lineOfLast(dir: string, re: RegExp): number {
  const text = readFileSync(path.join(dir, "pricing.yaml"), "utf8");
  return text.slice(0, [...text.matchAll(re)].at(-1)!.index).split("\n").length;
}
