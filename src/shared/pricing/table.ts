/**
 * The owner's price table as the estimate reads it: content/pricing.yaml once
 * the build has checked it (src/content/schema/pricing.ts, whose output must
 * fit these types), and the visitor's choices it is asked about. Plain types
 * and one list, no zod: the quote island, the Node relay and the Worker all
 * import this folder (decision 0061).
 *
 * Every amount in the table is in dollars, GST included, as the owner writes
 * it; the estimate works in whole cents.
 */

/** The kinds of home a visitor may choose, value → label, in the order a form lists them. */
export const PROPERTY_TYPES = [
  { value: "apartment", label: "Apartment or unit" },
  { value: "townhouse", label: "Townhouse" },
  { value: "house", label: "House" },
] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number]["value"];

export const isPropertyType = (value: unknown): value is PropertyType =>
  PROPERTY_TYPES.some((p) => p.value === value);

/** One price for a home of so many bedrooms and bathrooms. */
export interface RoomsPrice {
  bedrooms: number;
  bathrooms: number;
  price: number;
}

/** Something the visitor may add, charged per unit, up to `max` units. */
export interface AddOn {
  /** What the form posts for it, e.g. "oven". */
  id: string;
  /** What the visitor reads, e.g. "Oven clean". */
  label: string;
  /** What one of it is, e.g. "oven" or "room". */
  unit: string;
  /** Dollars per unit. */
  price: number;
  /** The most units one estimate counts. */
  max: number;
}

/** Beyond any of these the site asks the visitor to call instead of showing a figure. */
export interface CallUsAbove {
  bedrooms?: number;
  bathrooms?: number;
  storeys?: number;
  /** Dollars: an estimate above this is a call, not a figure. */
  total?: number;
}

/** One service's prices. Exactly one of `byRooms` and `byPropertyType` is given. */
export interface ServicePrices {
  /** The service's formValue in content/services.yaml, e.g. "bond-cleaning". */
  service: string;
  byRooms?: readonly RoomsPrice[];
  byPropertyType?: Partial<Record<PropertyType, number>>;
  modifiers?: {
    /** Dollars added to a by-rooms price for each kind of home (0 for none). */
    propertyType?: Record<PropertyType, number>;
    /** Dollars added for a home of this many storeys; one storey adds nothing. */
    storeys?: readonly { storeys: number; add: number }[];
  };
  addOns: readonly AddOn[];
  callUsAbove: CallUsAbove;
  /** Dollars: the least an estimate for this service comes to. */
  minimum: number;
  /** What this service's figure assumes, shown beside it. */
  assumptions: readonly string[];
}

export interface PriceTable {
  /** The day the owner last checked every price, e.g. "1 December 2026". */
  reviewed: string;
  /** Always true: every amount includes GST, so the total shown is the single price (decision 0061). */
  gstIncluded: true;
  /** How a total is rounded: to a multiple of `to` dollars, up, down or to the nearest (a half goes up). */
  rounding: { to: number; direction: "up" | "down" | "nearest" };
  /** What every figure assumes, shown beside it before each service's own. */
  assumptions: readonly string[];
  services: readonly ServicePrices[];
}

/**
 * What a visitor chose, as the quote form posts it: every part optional. Counts
 * that are not whole numbers of 0 or more count as not chosen.
 */
export interface EstimateChoices {
  service?: string;
  propertyType?: string;
  bedrooms?: number;
  bathrooms?: number;
  storeys?: number;
  /** Add-on id → how many. */
  addOns?: Readonly<Record<string, number>>;
}
