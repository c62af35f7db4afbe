/**
 * The bodies the two forms post, checked by the relay: made from the fields'
 * one description (form-fields.ts) and the site's services, so the relay asks
 * for what the form marks required and accepts what its limits and choices let
 * through. Browsers check `required`, `maxlength` and `type=email` before
 * sending; this is the same check on the server.
 */
import * as z from "zod/mini";
import { HONEYPOT_FIELD, HONEYPOT_MAX, type FormKind } from "./fields.ts";
import { EMAIL_PATTERN, visible } from "./field-errors.ts";
import { FORM_FIELDS, type FieldNameOf, type FormField } from "./form-fields.ts";
import {
  ADD_ON_MOST,
  ADD_ON_PREFIX,
  DETAIL_FIELDS,
  type DetailField,
  type QuoteDetails,
} from "./quote-details.ts";
// A one-line field (name, email, phone, address) stays one line in the notice (text.ts): no one can forge an
// "Email:" line.
import { oneLine } from "../text.ts";

// zod/mini: the Worker bundles this, and the mini build keeps only what is used (decision 0062).
const upTo = (max: number) => z.string().check(z.maxLength(max));
/** Unset as "": the form's blank field; with `blank`, "" is taken as well (an optional choice left empty). */
const orBlank = (schema: z.ZodMiniType<string>, blank = false) =>
  z._default(z.optional(blank ? z.union([z.literal(""), schema]) : schema), "");
const line = (max: number) => z.pipe(upTo(max), z.transform(oneLine));
const optional = (max: number) => orBlank(line(max));
const required = (max: number) => line(max).check(z.refine(visible, { error: "required" }));
/** The message: as typed, line breaks and all. */
const optionalText = (max: number) => orBlank(upTo(max));
const requiredText = (max: number) => upTo(max).check(z.refine(visible, { error: "required" }));
// The same rule as a browser's type=email, so anything a browser lets through is accepted (field-errors.ts
// says what is wrong in the same terms). Its pattern already refuses line breaks and controls.
const email = (max: number) =>
  z.pipe(z.string().check(z.trim(), z.maxLength(max)), z.email({ pattern: EMAIL_PATTERN }));

/**
 * A service the forms offer: one of `services`, the values the site offers. Without them (a relay told nothing
 * of the site) any value shaped as one, so no lead is lost for a service the relay was not told of.
 */
const serviceValue = (services: readonly string[] | undefined): z.ZodMiniType<string> =>
  services?.length
    ? (z.enum(services as [string, ...string[]]) as z.ZodMiniType<string>)
    : z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(100));

/**
 * The check of one field, from its description: what the browser checks before sending, checked again here.
 */
function check(field: FormField, services: readonly string[] | undefined): z.ZodMiniType<string> {
  switch (field.control) {
    case "input":
      if (field.type === "email")
        return field.required
          ? email(field.maxLength)
          : orBlank(z.union([z.literal(""), email(field.maxLength)]));
      return field.required ? required(field.maxLength) : optional(field.maxLength);
    case "textarea":
      return field.required ? requiredText(field.maxLength) : optionalText(field.maxLength);
    case "select":
      // A service's value, or "" (the first option, none chosen) when the choice is not required.
      return field.required ? serviceValue(services) : orBlank(serviceValue(services), true);
  }
}

/** What a form posts, once checked: each of its fields as a string ("" when left empty), and the honeypot. */
export type Body<K extends FormKind> = { [N in FieldNameOf<K>]: string } & { [HONEYPOT_FIELD]: string };

// z.object drops unknown keys, so extra fields a client adds are ignored.
const bodyOf = <K extends FormKind>(kind: K, services: readonly string[] | undefined) =>
  z.object({
    ...Object.fromEntries(FORM_FIELDS[kind].map((field) => [field.name, check(field, services)])),
    [HONEYPOT_FIELD]: orBlank(upTo(HONEYPOT_MAX)),
  }) as unknown as z.ZodMiniType<Body<K>>;

/**
 * A quote's details (quote-details.ts), each optional, each checked from its description as the fields are.
 */
function detailCheck(field: DetailField, services: readonly string[] | undefined): z.ZodMiniType<string> {
  switch (field.control) {
    case "select":
      return orBlank(serviceValue(services), true);
    case "radio":
      return orBlank(
        z.enum(
          field.options.map((o) => o.value).filter((v) => v !== "") as [string, ...string[]],
        ) as z.ZodMiniType<string>,
        true,
      );
    case "number":
      return orBlank(
        z.string().check(
          z.regex(/^\d{1,3}$/),
          z.refine((n) => Number(n) >= field.min && Number(n) <= field.max, {
            error: `from ${field.min} to ${field.max}`,
          }),
        ),
        true,
      );
    case "date":
      return orBlank(
        z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.refine(isDay, { error: "a day, YYYY-MM-DD" })),
        true,
      );
  }
}

/** A real day of a year the business could clean in: what a date input posts. */
const isDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(day.getTime()) &&
    day.toISOString().startsWith(value) &&
    day.getUTCFullYear() >= 2000 &&
    day.getUTCFullYear() < 2100
  );
};

const ADD_ON_ID = "[a-z0-9]+(?:-[a-z0-9]+)*";
const ADD_ON_PAIR = `${ADD_ON_ID}:[1-9]\\d{0,${String(ADD_ON_MOST).length - 1}}`;
/**
 * The add-ons as one field, "carpet-steam:3 oven:1": gathered from their controls (`addOn.ID`), each a whole
 * number up to ADD_ON_MOST.
 */
const addOns = orBlank(
  z.string().check(
    z.regex(new RegExp(`^${ADD_ON_PAIR}(?: ${ADD_ON_PAIR}){0,49}$`)),
    z.refine((s) => s.split(" ").every((p) => Number(p.split(":")[1]) <= ADD_ON_MOST)),
  ),
  true,
);

/**
 * Each `addOn.ID` control's count, "" and "0" left out (not chosen); a count that is not one is kept as it
 * came, for the check to refuse.
 */
function gatherAddOns(fields: unknown): unknown {
  if (!fields || typeof fields !== "object") return fields;
  const pairs = Object.entries(fields)
    .filter(([k, v]) => k.startsWith(ADD_ON_PREFIX) && v !== "" && v !== "0" && v !== 0)
    .map(([k, v]) => `${k.slice(ADD_ON_PREFIX.length)}:${String(v)}`);
  return { ...fields, addOns: pairs.join(" ") };
}

const quoteBody = (services: readonly string[] | undefined) =>
  z.pipe(
    z.transform(gatherAddOns),
    z.object({
      ...(bodyOf("quote", services) as unknown as z.ZodMiniObject).shape,
      ...Object.fromEntries(DETAIL_FIELDS.map((field) => [field.name, detailCheck(field, services)])),
      addOns,
    }),
  ) as unknown as z.ZodMiniType<QuoteBody>;
export type QuoteBody = Body<"quote"> & QuoteDetails;
export type ContactBody = Body<"contact">;

/**
 * Each form's check, for a site offering the services `services` (their values; undefined: the relay was
 * told none).
 */
export const formBodies = (services?: readonly string[]) =>
  ({ quote: quoteBody(services), contact: bodyOf("contact", services) }) as const;
export type FormBodies = ReturnType<typeof formBodies>;
