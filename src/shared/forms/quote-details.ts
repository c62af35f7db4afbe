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
import type { ServiceChoice } from "./fields.ts";

/** The name an add-on's control posts under: `addOn.oven` holds how many ovens ("1" for a ticked box). */
export const ADD_ON_PREFIX = "addOn.";
export const addOnField = (id: string) => `${ADD_ON_PREFIX}${id}`;
/** The most of one add-on the relay takes (the price table's `max` caps what an estimate counts). */
export const ADD_ON_MOST = 99;

export interface ChoiceOption {
  value: string;
  label: string;
}
/** The site's services as a select, its first option ("", reading `none`) meaning none chosen. */
export interface DetailSelect {
  control: "select";
  name: "service";
  label: string;
  none: string;
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
  { control: "select", name: "service", label: "Service", none: "Select a service" },
  { control: "radio", name: "propertyType", label: "Property type", options: PROPERTY_TYPES },
  { control: "number", name: "bedrooms", label: "Bedrooms", min: 0, max: 20 },
  { control: "number", name: "bathrooms", label: "Bathrooms", min: 0, max: 20 },
  { control: "number", name: "storeys", label: "Storeys", min: 1, max: 10 },
  { control: "date", name: "date", label: "Move-out or preferred date" },
  { control: "radio", name: "timeWindow", label: "Preferred time", options: TIME_WINDOWS },
] as const satisfies readonly DetailField[];

/** The details about the property, which a service that takes none leaves out (its `propertyDetails`). */
export const PROPERTY_DETAILS: ReadonlySet<DetailName> = new Set([
  "propertyType",
  "bedrooms",
  "bathrooms",
  "storeys",
]);

/** "room" → "rooms", "balcony" → "balconies": how many of what an add-on's count asks. */
export const addOnUnits = (unit: string) =>
  /[^aeiou]y$/.test(unit) ? `${unit.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(unit) ? `${unit}es` : `${unit}s`;

/** One add-on as the form offers it: `max` 1 is a tick box, more a number of `unit`s. */
export interface AddOnChoice {
  id: string;
  label: string;
  unit: string;
  max: number;
}

/**
 * The site's services and add-ons as content/services.yaml and add-ons.yaml give them, for the forms, the
 * quote page and the relay (which is told them with the site's other facts, src/relay/site.ts). `short` is an
 * add-on's word in the owner's notice; `noticeDay` a service's word for the day chosen ("move-out").
 */
export interface SiteServices {
  services: readonly (ServiceChoice & {
    addOns: readonly string[];
    propertyDetails: boolean;
    noticeDay?: string;
  })[];
  addOns: readonly (AddOnChoice & { short: string })[];
}

/** One service as the quote page offers it: its add-ons' ids, and `propertyDetails: false` when it takes none. */
export interface ServiceOffer extends ServiceChoice {
  addOns: string[];
  propertyDetails?: false;
}

/** What the quote page offers: the services, and each add-on one of them offers, once. */
export interface QuoteOffer {
  services: ServiceOffer[];
  addOns: AddOnChoice[];
}

/**
 * What the quote page offers: each service's add-ons from add-ons.yaml, in its order; with the owner's price
 * table, a service it prices offers the add-ons priced there instead (their ids, labels and most), in the
 * table's order.
 */
export function quoteOffer(site: SiteServices, prices: PriceTable | undefined): QuoteOffer {
  const all = new Map<string, AddOnChoice>();
  const services = site.services.map(({ value, label, addOns, propertyDetails }) => {
    const priced = prices?.services.find((s) => s.service === value);
    const offered = priced
      ? priced.addOns.map(({ id, label, unit, max }) => ({ id, label, unit, max }))
      : site.addOns
          .filter((a) => addOns.includes(a.id))
          .map(({ id, label, unit, max }) => ({ id, label, unit, max }));
    for (const a of offered) if (!all.has(a.id)) all.set(a.id, a);
    const offer: ServiceOffer = { value, label, addOns: offered.map((a) => a.id) };
    return propertyDetails ? offer : { ...offer, propertyDetails: false as const };
  });
  return { services, addOns: [...all.values()] };
}

/** The add-on's word in the owner's notice: "carpet", or its id in words for one the site no longer has. */
export const addOnShort = (site: SiteServices | undefined, id: string): string =>
  site?.addOns.find((a) => a.id === id)?.short ?? id.replace(/-/g, " ");

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
