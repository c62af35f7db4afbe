/**
 * The quote page's details on the relay's page for a post without script:
 * the build's markup (RESULT_MARKUP.details) holding what the visitor chose,
 * shown only for a post from the quote page (the home hero's form has none),
 * with the site's services and add-ons as the quote page offers them. Only a
 * value the form offers is chosen; counts and days are filled as text.
 */
import {
  ADD_ON_PREFIX,
  addOnField,
  addOnUnits,
  DETAIL_FIELDS,
  type QuoteOffer,
} from "../../shared/forms/quote-details.ts";
import { QUOTE_PATH } from "../../shared/paths.ts";
import { fillSlots } from "../../shared/slots.ts";
import { RESULT_MARKUP } from "./result-markup.ts";

/** Whether the post came from the quote page: its page field, or any detail it carries. */
export const fromQuotePage = (values: Record<string, string>) =>
  values.page === QUOTE_PATH ||
  DETAIL_FIELDS.some((f) => values[f.name]) ||
  Object.keys(values).some((k) => k.startsWith(ADD_ON_PREFIX));

/** The site's services as a select's options after its first, `chosen` (one of them) selected. */
export function serviceOptions(offer: QuoteOffer, chosen = ""): string {
  return offer.services
    .map((s) => {
      const option = fillSlots(RESULT_MARKUP.option, { value: s.value, label: s.label });
      return s.value === chosen ? option.replace("<option ", '<option selected="" ') : option;
    })
    .join("");
}

/** The select named `name` in `markup` with its first option (none chosen) no longer selected. */
export function unselectNone(markup: string, name: string): string {
  const start = markup.indexOf(` name="${name}"`);
  const end = markup.indexOf("</select>", start);
  return markup.slice(0, start) + markup.slice(start, end).replace(' selected=""', "") + markup.slice(end);
}

/** The details' markup holding `values` (the fields as posted). */
export function detailsAgain(values: Record<string, string>, offer: QuoteOffer): string {
  let markup: string = RESULT_MARKUP.details;
  const text: Record<string, string> = {};
  let service = "";
  for (const field of DETAIL_FIELDS) {
    const value = values[field.name] ?? "";
    if (field.control === "number" || field.control === "date") text[`value.${field.name}`] = value;
    else if (field.control === "select") {
      if (value === "" || !offer.services.some((s) => s.value === value)) continue;
      service = value;
      markup = unselectNone(markup, field.name);
    } else if (field.options.some((o) => o.value === value)) markup = check(markup, field.name, value);
  }
  return fillSlots(markup, text, {
    options: serviceOptions(offer, service),
    addOns: addOnsAgain(values, offer),
  });
}

/** The add-ons' box holding what was chosen, or nothing for a site that offers none. */
function addOnsAgain(values: Record<string, string>, { addOns }: QuoteOffer): string {
  if (addOns.length === 0) return "";
  const items = addOns.map((a) => {
    const value = values[addOnField(a.id)] ?? "";
    const slots = { id: `quote-addon-${a.id}`, name: addOnField(a.id), label: a.label };
    if (a.max > 1)
      return fillSlots(RESULT_MARKUP.addOns.count, {
        ...slots,
        units: addOnUnits(a.unit),
        max: String(a.max),
        value,
      });
    const tick = fillSlots(RESULT_MARKUP.addOns.tick, slots);
    return value !== "" && value !== "0" ? check(tick, addOnField(a.id), "1") : tick;
  });
  return fillSlots(RESULT_MARKUP.addOns.box, {}, { items: items.join("") });
}

/** The radio or tick box named `name` with `value` checked. */
const check = (markup: string, name: string, value: string) =>
  markup.replace(` name="${name}" value="${value}"`, ` name="${name}" value="${value}" checked=""`);
