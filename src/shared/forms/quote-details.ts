/**
 * The quote page's details of the job (issue 42): what the owner needs to
 * price it, every one optional. One description, as the form fields' is
 * (form-fields.ts): the quote page's island draws it (FormParts.tsx), the
 * relay's page for a post without script draws it again, and the relay's
 * check is made from it (schema.ts). No zod here: the island imports it.
 *
 * The home hero's form posts none of these; the quote page posts them to
 * the same /api/quote, so a visitor who fills only name and email is still
 * a lead.
 */
import { PROPERTY_TYPES, type PriceTable } from "../pricing/table.ts";
import { SERVICE_OPTIONS } from "./fields.ts";

/** The name an add-on's control posts under: `addOn.oven` holds how many ovens ("1" for a ticked box). */
export const ADD_ON_PREFIX = "addOn.";
export const addOnField = (id: string) => `${ADD_ON_PREFIX}${id}`;
/** The most of one add-on the relay takes (the price table's `max` caps what an estimate counts). */
export const ADD_ON_MOST = 99;

export interface ChoiceOption {
  value: string;
  label: string;
}
/** A select, its first option ("") meaning none chosen. */
export interface DetailSelect {
  control: "select";
  name: "service";
  label: string;
  options: readonly ChoiceOption[];
}
/** A radio group in a fieldset whose legend is `label`; none checked at first. */
export interface DetailRadio {
  control: "radio";
  name: "propertyType" | "timeWindow";
  label: string;
  options: readonly ChoiceOption[];
}
/** A whole number from `min` to `max`; empty is not chosen. */
export interface DetailNumber {
  control: "number";
  name: "bedrooms" | "bathrooms" | "storeys";
  label: string;
  min: number;
  max: number;
}
/** A day, as a date input posts it: "2026-12-12". */
export interface DetailDate {
  control: "date";
  name: "date";
  label: string;
}
export type DetailField = DetailSelect | DetailRadio | DetailNumber | DetailDate;
export type DetailName = DetailField["name"];

export const TIME_WINDOWS = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "flexible", label: "Flexible" },
] as const;

/**
 * The details in the form's order. The counts' ranges are what the relay takes; beyond a price table's
 * thresholds the page asks the visitor to call.
 */
export const DETAIL_FIELDS = [
  {
    control: "select",
    name: "service",
    label: "Service",
    options: [{ value: "", label: "Select a service" }, ...SERVICE_OPTIONS],
  },
  { control: "radio", name: "propertyType", label: "Property type", options: PROPERTY_TYPES },
  { control: "number", name: "bedrooms", label: "Bedrooms", min: 0, max: 20 },
  { control: "number", name: "bathrooms", label: "Bathrooms", min: 0, max: 20 },
  { control: "number", name: "storeys", label: "Storeys", min: 1, max: 10 },
  { control: "date", name: "date", label: "Move-out or preferred date" },
  { control: "radio", name: "timeWindow", label: "Preferred time", options: TIME_WINDOWS },
] as const satisfies readonly DetailField[];

/** One add-on as the form offers it: `max` 1 is a tick box, more a number of `unit`s. */
export interface AddOnChoice {
  id: string;
  label: string;
  unit: string;
  max: number;
}

/**
 * Without a price table: the add-ons the site offers, and the services each fits. `short` is the owner's
 * notice's word for it.
 */
export const ADD_ONS = [
  {
    id: "carpet-steam",
    label: "Carpet steam cleaning",
    short: "carpet",
    unit: "room",
    max: 10,
    services: ["bond-cleaning", "spring-cleaning", "office-cleaning"],
  },
  {
    id: "oven",
    label: "Oven clean",
    short: "oven",
    unit: "oven",
    max: 2,
    services: ["bond-cleaning", "spring-cleaning", "house-cleaning"],
  },
  {
    id: "inside-windows",
    label: "Inside windows",
    short: "windows",
    unit: "window",
    max: 40,
    services: ["bond-cleaning", "spring-cleaning", "house-cleaning", "office-cleaning"],
  },
  {
    id: "walls",
    label: "Wall spot cleaning",
    short: "walls",
    unit: "room",
    max: 10,
    services: ["bond-cleaning", "spring-cleaning"],
  },
  {
    id: "garage",
    label: "Garage sweep and cobwebs",
    short: "garage",
    unit: "garage",
    max: 1,
    services: ["bond-cleaning", "spring-cleaning"],
  },
  {
    id: "blinds",
    label: "Blinds dusted and wiped",
    short: "blinds",
    unit: "window",
    max: 30,
    services: ["bond-cleaning", "spring-cleaning", "house-cleaning", "office-cleaning"],
  },
  {
    id: "balcony",
    label: "Balcony",
    short: "balcony",
    unit: "balcony",
    max: 3,
    services: ["bond-cleaning", "spring-cleaning", "house-cleaning"],
  },
] as const satisfies readonly (AddOnChoice & { short: string; services: readonly string[] })[];

/** The add-on's word in the owner's notice: "carpet", or its id in words for one only a price table has. */
export const addOnShort = (id: string): string =>
  ADD_ONS.find((a) => a.id === id)?.short ?? id.replace(/-/g, " ");

/**
 * The add-ons a page offers, each once, and which fit each service (a service not listed: all of them fit).
 */
export interface AddOnOffer {
  addOns: AddOnChoice[];
  byService: Record<string, string[]>;
}

/** The fixed list's offer, for a site without a price table. */
export function fixedAddOns(): AddOnOffer {
  return {
    addOns: ADD_ONS.map(({ id, label, unit, max }) => ({ id, label, unit, max })),
    byService: Object.fromEntries(
      SERVICE_OPTIONS.map((s) => [
        s.value,
        ADD_ONS.filter((a) => (a.services as readonly string[]).includes(s.value)).map((a) => a.id),
      ]),
    ),
  };
}

/**
 * What the quote page offers: with the owner's price table, each priced service's own add-ons (the
 * table's ids, labels and most), the fixed list for a service the table does not price.
 */
export function addOnOffer(prices: PriceTable | undefined): AddOnOffer {
  const fixed = fixedAddOns();
  if (!prices) return fixed;
  const all = new Map<string, AddOnChoice>();
  const byService: Record<string, string[]> = {};
  for (const { value } of SERVICE_OPTIONS) {
    const priced = prices.services.find((s) => s.service === value);
    const offered = priced
      ? priced.addOns.map(({ id, label, unit, max }) => ({ id, label, unit, max }))
      : fixed.addOns.filter((a) => fixed.byService[value].includes(a.id));
    for (const a of offered) if (!all.has(a.id)) all.set(a.id, a);
    byService[value] = offered.map((a) => a.id);
  }
  return { addOns: [...all.values()], byService };
}

/** "carpet-steam:3 oven:1" (how the checked body keeps add-ons) as id → how many. */
export function addOnCounts(kept: string): Record<string, number> {
  return Object.fromEntries(
    kept
      .split(" ")
      .filter(Boolean)
      .map((pair) => {
        const [id, n] = pair.split(":");
        return [id, Number(n)];
      }),
  );
}

/** The details a checked quote body holds, all strings ("" when not given), as the relay keeps them. */
export type QuoteDetails = Record<DetailName | "addOns", string>;
