/**
 * The quote page's details on the relay's page for a post without script:
 * the build's markup (RESULT_MARKUP.details) holding what the visitor chose,
 * shown only for a post from the quote page (the home hero's form has none).
 * Only a value the form offers is chosen; counts and days are filled as text.
 */
import { ADD_ON_PREFIX, addOnField, DETAIL_FIELDS, fixedAddOns } from "../../shared/forms/quote-details.ts";
import { QUOTE_PATH } from "../../shared/paths.ts";
import { fillSlots } from "../../shared/slots.ts";
import { RESULT_MARKUP } from "./result-markup.ts";

/** Whether the post came from the quote page: its page field, or any detail it carries. */
export const fromQuotePage = (values: Record<string, string>) =>
  values.page === QUOTE_PATH ||
  DETAIL_FIELDS.some((f) => values[f.name]) ||
  Object.keys(values).some((k) => k.startsWith(ADD_ON_PREFIX));

/** The details' markup holding `values` (the fields as posted). */
export function detailsAgain(
  values: Record<string, string>,
  choose: (markup: string, name: string, value: string) => string,
): string {
  let markup: string = RESULT_MARKUP.details;
  const text: Record<string, string> = {};
  for (const field of DETAIL_FIELDS) {
    const value = values[field.name] ?? "";
    if (field.control === "number" || field.control === "date") text[`value.${field.name}`] = value;
    else if (!field.options.some((o) => o.value === value && value !== "")) continue;
    else if (field.control === "select") markup = choose(markup, field.name, value);
    else markup = check(markup, field.name, value);
  }
  fixedAddOns().addOns.forEach((a, i) => {
    const value = values[addOnField(a.id)] ?? "";
    if (a.max > 1) text[`value.addOn.${i}`] = value;
    else if (value !== "" && value !== "0") markup = check(markup, addOnField(a.id), "1");
  });
  return fillSlots(markup, text);
}

/** The radio or tick box named `name` with `value` checked. */
const check = (markup: string, name: string, value: string) =>
  markup.replace(` name="${name}" value="${value}"`, ` name="${name}" value="${value}" checked=""`);
