/**
 * content/pricing.yaml: the owner's prices, from which the quote page and the
 * relay work out an instant estimate (decision 0061). The file is optional:
 * without it no price appears anywhere. Its values are the table the estimate
 * reads as written (src/shared/pricing/table.ts), in dollars with GST.
 *
 * What no JSON Schema can say is checked here too, so the build names the
 * line: each service and add-on once, each price row once and within the
 * thresholds, a minimum below the total threshold.
 */
import * as z from "zod";
import type { PriceTable, PropertyType } from "../../shared/pricing/table.ts";
import { roomsLabel } from "../../shared/pricing/estimate.ts";
import { PROPERTY_TYPES } from "../../shared/pricing/table.ts";
import { dayDate, slug, text } from "./common.ts";

/** Dollars with at most 2 decimals, and not a digit too many. */
const amount = z
  .number()
  .max(100_000, {
    error: (iss) => `expected an amount in dollars, got ${JSON.stringify(iss.input)}: is a digit too many?`,
  })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: (iss) => `expected dollars and at most 2 decimals (cents), got ${JSON.stringify(iss.input)}`,
  });
const dollars = amount.positive({
  error: (iss) =>
    `expected an amount in dollars above 0, such as 380 or 12.50, got ${JSON.stringify(iss.input)}`,
});
/** An amount that may be 0: "nothing extra". */
const dollarsOrNothing = amount.min(0, {
  error: (iss) => `expected an amount in dollars, 0 or more, got ${JSON.stringify(iss.input)}`,
});
const count = (what: string, min: number, most = 20) =>
  z
    .number()
    .int({ error: (iss) => `expected a whole number of ${what}, got ${JSON.stringify(iss.input)}` })
    .min(min, { error: (iss) => `expected ${min} or more ${what}, got ${JSON.stringify(iss.input)}` })
    .max(most, { error: (iss) => `expected at most ${most} ${what}, got ${JSON.stringify(iss.input)}` });

const typeNames = PROPERTY_TYPES.map((p) => `${p.value} (${p.label})`).join(", ");
/** One amount for each kind of home, each described by `what` of its label. */
const byType = <T extends z.ZodType>(value: T, what: (label: string) => string) =>
  Object.fromEntries(PROPERTY_TYPES.map((p) => [p.value, value.describe(what(p.label))])) as {
    [K in PropertyType]: T;
  };

const AddOn = z
  .strictObject({
    id: slug.describe(
      'The add-on\'s id in content/add-ons.yaml, e.g. "oven" or "carpet-steam": one the service offers (its addOns in services.yaml). Used once per service.',
    ),
    label: text.describe('What the visitor reads, e.g. "Carpet steam cleaning".'),
    unit: text.describe(
      'What one of it is, in the singular, e.g. "room", "oven", "window": the page shows "$45 per room".',
    ),
    price: dollars.describe("Dollars per unit, GST included."),
    max: count("units", 1, 99).describe(
      "The most units a visitor can choose; the estimate never counts more.",
    ),
  })
  .describe(
    "Something the visitor may add to the service, charged per unit. Nothing is ticked for them: it counts only when they choose it.",
  );

const Service = z
  .strictObject({
    service: slug.describe(
      "The service these prices are for: its formValue in content/services.yaml. A service not listed here shows no estimate. Each service once. Checked by the build, not by this schema: it is a service's.",
    ),
    byRooms: z
      .array(
        z
          .strictObject({
            bedrooms: count("bedrooms", 0).describe("Bedrooms (0 for a studio)."),
            bathrooms: count("bathrooms", 1).describe("Bathrooms."),
            price: dollars.describe("Dollars for a home of this many bedrooms and bathrooms, GST included."),
          })
          .describe("The price of one size of home."),
      )
      .min(1)
      .optional()
      .describe(
        "The base price by bedrooms × bathrooms, one row per size you price. A size not listed is a call, never a guess. Give this or byPropertyType, not both.",
      ),
    byPropertyType: z
      .strictObject(byType(dollars, (label) => `The price for: ${label}, in dollars, GST included.`))
      .partial()
      .optional()
      .describe(
        `The base price by kind of home (${typeNames}). A kind not listed is a call. Give this or byRooms, not both.`,
      ),
    modifiers: z
      .strictObject({
        propertyType: z
          .strictObject(
            byType(dollarsOrNothing, (label) => `Dollars added for: ${label} (0 for nothing extra).`),
          )
          .optional()
          .describe(
            "Dollars added to a byRooms price for each kind of home: all three, 0 for no extra. Only with byRooms.",
          ),
        storeys: z
          .array(
            z
              .strictObject({
                storeys: count("storeys", 2).describe("Storeys: 2 or more (one storey adds nothing)."),
                add: dollars.describe("Dollars added for a home of this many storeys."),
              })
              .describe("What a home of so many storeys adds."),
          )
          .min(1)
          .optional()
          .describe(
            "Dollars added for a home of more than one storey. When given, the visitor must choose storeys to see a figure; a number of storeys not listed is a call.",
          ),
      })
      .optional()
      .describe("What changes the base price."),
    addOns: z
      .array(AddOn)
      .default([])
      .describe("The extras that fit this service, in the order the page lists them."),
    callUsAbove: z
      .strictObject({
        bedrooms: count("bedrooms", 1)
          .optional()
          .describe("More bedrooms than this: the site asks the visitor to call."),
        bathrooms: count("bathrooms", 1).optional().describe("More bathrooms than this: call."),
        storeys: count("storeys", 1).optional().describe("More storeys than this: call."),
        total: dollars.optional().describe("An estimate over this many dollars: call."),
      })
      .default({})
      .describe('The thresholds beyond which the site says "call us for a quote" instead of a figure.'),
    minimum: dollars.describe(
      "The least an estimate for this service comes to, in dollars: a smaller total is raised to it, shown as a line of its own.",
    ),
    assumptions: z
      .array(text)
      .default([])
      .describe("What this service's figure assumes, shown beside it after the file's own assumptions."),
  })
  .describe("One service's prices.")
  .superRefine((s, ctx) => {
    const at = (...path: (string | number)[]) => ({ path }) as const;
    if (s.byRooms && s.byPropertyType)
      ctx.addIssue({
        code: "custom",
        message: "give byRooms or byPropertyType, not both",
        ...at("byPropertyType"),
      });
    if (!s.byRooms && !s.byPropertyType)
      ctx.addIssue({
        code: "custom",
        message: "give the base price: byRooms (bedrooms × bathrooms) or byPropertyType",
        ...at(),
      });
    if (s.modifiers?.propertyType && !s.byRooms)
      ctx.addIssue({
        code: "custom",
        message:
          "a property type modifier adds to a byRooms price: with byPropertyType, write each kind's price there",
        ...at("modifiers", "propertyType"),
      });
    const limits = s.callUsAbove;
    const seen = new Map<string, number>();
    s.byRooms?.forEach((row, i) => {
      const key = `${row.bedrooms}×${row.bathrooms}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          message: `${roomsLabel(row.bedrooms, row.bathrooms)} is priced twice: byRooms[${seen.get(key)}] has it already`,
          ...at("byRooms", i),
        });
      else seen.set(key, i);
      for (const field of ["bedrooms", "bathrooms"] as const) {
        if (limits[field] !== undefined && row[field] > limits[field]) {
          ctx.addIssue({
            code: "custom",
            message: `${row[field]} is more than callUsAbove.${field} (${limits[field]}): this price could never be shown`,
            ...at("byRooms", i, field),
          });
        }
      }
    });
    const storeys = new Map<number, number>();
    s.modifiers?.storeys?.forEach((row, i) => {
      if (storeys.has(row.storeys))
        ctx.addIssue({
          code: "custom",
          message: `${row.storeys} storeys is priced twice: storeys[${storeys.get(row.storeys)}] has it already`,
          ...at("modifiers", "storeys", i, "storeys"),
        });
      else storeys.set(row.storeys, i);
      if (limits.storeys !== undefined && row.storeys > limits.storeys) {
        ctx.addIssue({
          code: "custom",
          message: `${row.storeys} is more than callUsAbove.storeys (${limits.storeys}): this amount could never be added`,
          ...at("modifiers", "storeys", i, "storeys"),
        });
      }
    });
    const ids = new Map<string, number>();
    s.addOns.forEach((a, i) => {
      if (ids.has(a.id))
        ctx.addIssue({
          code: "custom",
          message: `duplicate add-on id "${a.id}": addOns[${ids.get(a.id)}] has it already`,
          ...at("addOns", i, "id"),
        });
      else ids.set(a.id, i);
    });
    if (limits.total !== undefined && limits.total <= s.minimum) {
      ctx.addIssue({
        code: "custom",
        message: `${limits.total} is not above the minimum (${s.minimum}): every estimate would be a call`,
        ...at("callUsAbove", "total"),
      });
    }
  });

export const PricingFile = z
  .strictObject({
    reviewed: dayDate.describe(
      'The day you last checked every price in this file against your own price list, e.g. "1 December 2026". The owner\'s notice names it beside each estimate.',
    ),
    gstIncluded: z
      .literal(true, {
        error:
          "write gstIncluded: true, with every amount in this file including GST: the site shows one total a customer pays (Australian Consumer Law s 48)",
      })
      .describe(
        "Always true: every amount in this file includes GST, so the total the page shows is the whole price.",
      ),
    rounding: z
      .strictObject({
        to: dollars.describe(
          "Round each total to a multiple of this many dollars, e.g. 5; 0.01 rounds nothing.",
        ),
        direction: z
          .enum(["up", "down", "nearest"], {
            error: (iss) => `expected up, down or nearest, got ${JSON.stringify(iss.input)}`,
          })
          .describe("up, down or nearest (a half goes up)."),
      })
      .describe(
        "How a total is rounded, before the minimum applies; the rounding shows as a line of its own.",
      ),
    assumptions: z
      .array(text)
      .default([])
      .describe(
        'What every estimate assumes, shown beside the figure, e.g. "The home is empty of furniture".',
      ),
    services: z.array(Service).min(1).describe("The services with an instant estimate, one entry each."),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.services.forEach((s, i) => {
      if (seen.has(s.service))
        ctx.addIssue({
          code: "custom",
          message: `"${s.service}" is priced twice: services[${seen.get(s.service)}] has it already`,
          path: ["services", i, "service"],
        });
      else seen.set(s.service, i);
    });
  })
  .describe("The owner's prices for the instant estimate. Without this file no price appears on the site.");

export type PricingData = z.output<typeof PricingFile>;

// The estimate reads the checked file as it is: what the schema gives must be a price table.
export const asPriceTable = (data: PricingData): PriceTable => data;
