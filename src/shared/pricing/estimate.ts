/**
 * An instant estimate from the owner's price table and the visitor's choices,
 * the same in the quote island, the Node relay and the Worker: pure, no
 * imports at run time, whole cents throughout (decision 0061).
 *
 * Every figure it gives is a sum of the table's own amounts, rounded by the
 * table's rule and raised to the service's minimum; GST is in every amount, so
 * the total is the single price. Whatever the table does not price (a
 * combination it does not list, more than its thresholds) is a call, never a
 * guess.
 */
import {
  isPropertyType,
  PROPERTY_TYPES,
  type EstimateChoices,
  type PriceTable,
  type PropertyType,
  type ServicePrices,
} from "./table.ts";

/** One part of a total; the lines of an estimate add up to its total. */
export interface EstimateLine {
  kind: "base" | "propertyType" | "storeys" | "addOn" | "rounding" | "minimum";
  /**
   * What the part is: "2 bedrooms, 1 bathroom", "House", "2 storeys", an add-on's label, "Rounding", "Minimum
   * charge".
   */
  label: string;
  cents: number;
  /** For an add-on: how many were counted (never more than its max), of which unit, at what price each. */
  quantity?: number;
  unit?: string;
  unitCents?: number;
}

/** Why the site asks the visitor to call rather than showing a figure. */
export type CallReason =
  | { code: "bedrooms" | "bathrooms" | "storeys"; limit: number }
  | { code: "total"; limitCents: number }
  /**
   * The table has no price for this home: a bedrooms × bathrooms or storeys it does not list, or a kind of
   * home the service is not priced for.
   */
  | { code: "not-priced"; what: string }
  /** An add-on the service does not have (the form offers only the service's own). */
  | { code: "unknown-add-on"; id: string };

/** A choice an estimate of the service needs and the visitor has not made yet. */
export type MissingChoice = "propertyType" | "bedrooms" | "bathrooms" | "storeys";

export type Estimate =
  | { kind: "price"; totalCents: number; lines: EstimateLine[]; assumptions: string[]; reviewed: string }
  | { kind: "call"; reason: CallReason; reviewed: string }
  | { kind: "incomplete"; missing: MissingChoice[]; reviewed: string };

/** Dollars as the table writes them (380, 12.5) in whole cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** A count as the estimate takes it: a whole number of 0 or more, or not chosen. */
const count = (n: number | undefined): number | undefined =>
  Number.isSafeInteger(n) && (n as number) >= 0 ? n : undefined;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** A size of home as the estimate's lines and the build's messages name it: "2 bedrooms, 1 bathroom". */
export const roomsLabel = (bedrooms: number, bathrooms: number) =>
  `${plural(bedrooms, "bedroom")}, ${plural(bathrooms, "bathroom")}`;

const labelOf = (type: PropertyType): string => PROPERTY_TYPES.find((p) => p.value === type)!.label;

/**
 * The estimate for `choices`, or undefined when the table has no prices for
 * the chosen service (or none is chosen): then the page shows no figure and
 * the notice says nothing of one.
 */
export function estimate(table: PriceTable, choices: EstimateChoices): Estimate | undefined {
  const prices = table.services.find((s) => s.service === choices.service);
  if (!prices) return undefined;
  const { reviewed } = table;
  const call = (reason: CallReason): Estimate => ({ kind: "call", reason, reviewed });

  const bedrooms = count(choices.bedrooms);
  const bathrooms = count(choices.bathrooms);
  const storeys = count(choices.storeys);
  const propertyType = isPropertyType(choices.propertyType) ? choices.propertyType : undefined;
  const limits = prices.callUsAbove;
  for (const [code, chosen] of [
    ["bedrooms", bedrooms],
    ["bathrooms", bathrooms],
    ["storeys", storeys],
  ] as const) {
    const limit = limits[code];
    if (chosen !== undefined && limit !== undefined && chosen > limit) return call({ code, limit });
  }
  const addOnChoices = Object.entries(choices.addOns ?? {});
  for (const [id] of addOnChoices)
    if (!prices.addOns.some((a) => a.id === id)) return call({ code: "unknown-add-on", id });

  const missing = missingChoices(prices, { propertyType, bedrooms, bathrooms, storeys });
  if (missing.length > 0) return { kind: "incomplete", missing, reviewed };

  const lines: EstimateLine[] = [];
  if (prices.byRooms) {
    const row = prices.byRooms.find((r) => r.bedrooms === bedrooms && r.bathrooms === bathrooms);
    const label = roomsLabel(bedrooms!, bathrooms!);
    if (!row) return call({ code: "not-priced", what: label });
    lines.push({ kind: "base", label, cents: toCents(row.price) });
    const extra = prices.modifiers?.propertyType;
    if (extra && extra[propertyType!] > 0)
      lines.push({
        kind: "propertyType",
        label: labelOf(propertyType!),
        cents: toCents(extra[propertyType!]),
      });
  } else {
    const price = prices.byPropertyType?.[propertyType!];
    if (price === undefined) return call({ code: "not-priced", what: labelOf(propertyType!) });
    lines.push({ kind: "base", label: labelOf(propertyType!), cents: toCents(price) });
  }
  const storeyRows = prices.modifiers?.storeys;
  if (storeyRows && storeys! > 1) {
    const row = storeyRows.find((r) => r.storeys === storeys);
    if (!row) return call({ code: "not-priced", what: plural(storeys!, "storey") });
    lines.push({ kind: "storeys", label: plural(storeys!, "storey"), cents: toCents(row.add) });
  }
  // In the table's order, not the order the browser sent them in: the same choices give the same lines.
  for (const addOn of prices.addOns) {
    const asked = choices.addOns?.[addOn.id];
    const quantity = typeof asked === "number" && Number.isFinite(asked) ? Math.floor(asked) : 0;
    if (quantity <= 0) continue;
    // More than the table prices is a call, never a figure quietly worked out for its most.
    if (quantity > addOn.max)
      return call({
        code: "not-priced",
        what: `${plural(quantity, addOn.unit)} of ${addOn.label.toLowerCase()}`,
      });
    const unitCents = toCents(addOn.price);
    lines.push({
      kind: "addOn",
      label: addOn.label,
      cents: unitCents * quantity,
      quantity,
      unit: addOn.unit,
      unitCents,
    });
  }

  const subtotal = sum(lines);
  const rounded = round(subtotal, toCents(table.rounding.to), table.rounding.direction);
  if (rounded !== subtotal) lines.push({ kind: "rounding", label: "Rounding", cents: rounded - subtotal });
  const minimum = toCents(prices.minimum);
  if (rounded < minimum) lines.push({ kind: "minimum", label: "Minimum charge", cents: minimum - rounded });
  const totalCents = sum(lines);
  if (limits.total !== undefined && totalCents > toCents(limits.total))
    return call({ code: "total", limitCents: toCents(limits.total) });
  return {
    kind: "price",
    totalCents,
    lines,
    assumptions: [...table.assumptions, ...prices.assumptions],
    reviewed,
  };
}

/** What the service's prices depend on that the visitor has not chosen, in the form's order. */
function missingChoices(
  prices: ServicePrices,
  chosen: { propertyType?: PropertyType; bedrooms?: number; bathrooms?: number; storeys?: number },
): MissingChoice[] {
  const needs: MissingChoice[] = [];
  if (prices.byPropertyType || prices.modifiers?.propertyType) needs.push("propertyType");
  if (prices.byRooms) needs.push("bedrooms", "bathrooms");
  if (prices.modifiers?.storeys) needs.push("storeys");
  return needs.filter((n) => chosen[n] === undefined);
}

const sum = (lines: EstimateLine[]) => lines.reduce((n, l) => n + l.cents, 0);

/** `cents` to a multiple of `step` cents; "nearest" takes a half up. */
function round(cents: number, step: number, direction: PriceTable["rounding"]["direction"]): number {
  if (step <= 1) return cents;
  if (direction === "up") return Math.ceil(cents / step) * step;
  if (direction === "down") return Math.floor(cents / step) * step;
  return Math.floor((2 * cents + step) / (2 * step)) * step;
}
