/**
 * What is wrong with a field's value, and what the visitor reads about it: one
 * set of rules and words for the form's island (beside each field, in the
 * summary at the top of the form) and for the relay's page for a post without
 * script. The relay's check of a posted body (schema.ts) applies the same
 * rules, so a value the island lets through is a value the relay takes.
 * No zod here: the islands import it. (WCAG 3.3.1 and 3.3.3: each error named
 * in text, with what to do about it; decision 0086.)
 */
import type { FormField } from "./form-fields.ts";

/**
 * A browser's own check of `type=email` (HTML's "valid email address"), as zod's `regexes.html5Email`
 * writes it: anything a browser lets through is accepted, and nothing more.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Characters that show nothing: a value made only of these (and spaces) is empty. */
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/g;

export const visible = (s: string) => s.replace(INVISIBLE, "") !== "";

export type Problem = "missing" | "email" | "long" | "choice";

/**
 * The first thing wrong with `value` for `field`, or undefined; `services`: the values a service select
 * offers (undefined: any, as a browser's select only ever holds one of its options). A phone is any text: a
 * number from another country, with spaces, brackets or words, reaches the owner as typed.
 */
export function problemOf(
  field: FormField,
  value: string,
  services?: readonly string[],
): Problem | undefined {
  if (field.control === "select") {
    if (value === "") return field.required ? "missing" : undefined;
    return !services || services.includes(value) ? undefined : "choice";
  }
  const email = field.control === "input" && field.type === "email";
  // As a browser sanitises an email box's value, and the relay trims it.
  const typed = email ? value.trim() : value;
  if (!visible(typed)) return field.required ? "missing" : undefined;
  if (typed.length > field.maxLength) return "long";
  if (email && !EMAIL_PATTERN.test(typed)) return "email";
  return undefined;
}

/** What to do about a problem, in a few words (the site has always asked for "Full Name", "Email Address"). */
export function errorText(field: FormField, problem: Problem): string {
  switch (problem) {
    case "missing":
      return field.control === "input" && field.type === "email"
        ? "Enter your email address, such as name@example.com"
        : field.control === "select"
          ? `Choose a ${field.label.toLowerCase()}`
          : `Enter your ${field.label.toLowerCase()}`;
    case "email":
      return "Enter an email such as name@example.com";
    case "long": {
      const most = field.control === "select" ? 0 : field.maxLength;
      return `Shorten this to ${most.toLocaleString("en-AU")} characters or fewer`;
    }
    case "choice":
      return `Choose one of the ${field.label.toLowerCase()} options in the list`;
  }
}

/** The title of the summary at the top of a form with `count` fields to fix. */
export const errorSummaryTitle = (count: number) =>
  count === 1 ? "Please fix 1 field" : `Please fix ${count} fields`;

/** The id of the text under the control with id `controlId`, which the control names in aria-describedby. */
export const errorId = (controlId: string) => `${controlId}-error`;

/** Each field with something wrong, in the form's order, with what to do about it. */
export function fieldErrors(
  fields: readonly FormField[],
  valueOf: (name: FormField["name"]) => string,
  services?: readonly string[],
): { field: FormField; text: string }[] {
  return fields.flatMap((field) => {
    const problem = problemOf(field, valueOf(field.name), services);
    return problem ? [{ field, text: errorText(field, problem) }] : [];
  });
}

/** What to do about a count out of its range (the quote page's bedrooms, an add-on's rooms). */
export const countErrorText = (label: string, min: string, max: string) =>
  `${label}: enter a whole number from ${min} to ${max}`;
