/**
 * What the build says for each kind of zod issue, in an editor's words: what is wrong and what
 * to write instead, never zod's codes or its type names. A schema's own message for a rule
 * (a postcode's 4 digits, a title's 70 characters) comes first; these cover the rest.
 *
 *   postcode: 4171    →  expected text, got the number 4171: put it in quotes, "4171"
 *   header: yes       →  expected true or false, got "yes": write true
 *   price: $290       →  expected a number, got "$290": write it without the $, 290
 *   price: 1,290      →  unknown field "290": a comma in a number starts a new field; write 1290
 */
import type * as z from "zod";

type Issue = Parameters<z.core.$ZodErrorMap>[0];

export const editorWords: z.core.$ZodErrorMap = (iss) => {
  switch (iss.code) {
    case "invalid_type":
      return wrongType(iss.expected, iss.input);
    case "unrecognized_keys":
      return unknownFields(iss.keys);
    case "too_small":
      return tooSmall(iss);
    case "too_big":
      return tooBig(iss);
    case "invalid_value":
      return `expected ${oneOf(iss.values.map((v) => String(v)))}, got ${shown(iss.input)}`;
    case "invalid_format":
      return badFormat(iss);
    case "not_multiple_of":
      return `expected a multiple of ${String(iss.divisor)}, got ${shown(iss.input)}`;
    case "invalid_union":
      return `${shown(iss.input)} is none of the forms this field takes: see the field's description in the editor`;
    case "invalid_key":
      return `the name ${shown(iss.input)} is not one this group takes`;
    case "invalid_element":
      return `an entry here is not one this list takes, got ${shown(iss.input)}`;
    default:
      return undefined;
  }
};

/** A number as it was meant, from the text an editor wrote for it ("$1,290" → "1290"), if it is one. */
const meantNumber = (text: string): string | undefined => {
  const bare = text
    .trim()
    .replace(/^\$\s*/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  return /^-?\d+(\.\d+)?$/.test(bare) ? bare : undefined;
};

function wrongType(expected: string, input: unknown): string {
  if (input === undefined) return "is required but missing: add it";
  if (input === null) return `is empty: write ${whatIsExpected(expected)} after the colon`;
  if (expected === "string" && (typeof input === "number" || typeof input === "boolean"))
    return `expected text, got the ${typeof input} ${String(input)}: put it in quotes, "${String(input)}"`;
  if (expected === "number" && typeof input === "string") {
    const meant = meantNumber(input);
    if (meant === undefined) return `expected a number, got ${shown(input)}`;
    // A plain number is text only in quotes.
    const what = [input.includes("$") && "the $", input.includes(",") && "commas"].filter((w) => w !== false);
    return `expected a number, got ${shown(input)}: write it without ${what.length ? oneOf(what, "and") : "quotes"}, ${meant}`;
  }
  if (expected === "boolean" && typeof input === "string") {
    const meant = /^(yes|y|on|true)$/i.test(input.trim())
      ? "true"
      : /^(no|n|off|false)$/i.test(input.trim())
        ? "false"
        : undefined;
    return `expected true or false, got ${shown(input)}: ${meant ? `write ${meant}` : "write true or false"}`;
  }
  return `expected ${whatIsExpected(expected)}, got ${shown(input)}`;
}

function whatIsExpected(expected: string): string {
  const words: Record<string, string> = {
    string: "text",
    number: "a number",
    boolean: "true or false",
    array: 'a list (each item on its own line, starting with "- ")',
    object: "a group of fields, indented under this one",
  };
  return words[expected] ?? expected;
}

function unknownFields(keys: string[]): string {
  // `price: 1,290` in a { ... } line is `price: 1` and a field named 290.
  if (keys.some((k) => /^\d{3}$/.test(k)))
    return `unknown field ${keys.map((k) => `"${k}"`).join(", ")}: a comma in a number starts a new field here; write the number without commas (1290, not 1,290)`;
  return `unknown field${keys.length > 1 ? "s" : ""} ${keys.map((k) => `"${k}"`).join(", ")}: check the spelling`;
}

function tooSmall(iss: Extract<Issue, { code: "too_small" }>): string {
  const n = Number(iss.minimum);
  if (iss.origin === "string") return n <= 1 ? "must not be empty" : `needs at least ${n} characters`;
  if (iss.origin === "array") return `needs at least ${n} item${n === 1 ? "" : "s"}`;
  return `expected ${n}${iss.inclusive ? " or more" : " or above"}, got ${shown(iss.input)}`;
}

function tooBig(iss: Extract<Issue, { code: "too_big" }>): string {
  const n = Number(iss.maximum);
  if (iss.origin === "string") return `keep it to ${n} characters (it has ${String(iss.input ?? "").length})`;
  if (iss.origin === "array") return `takes at most ${n} item${n === 1 ? "" : "s"}`;
  return `expected ${n}${iss.inclusive ? " or less" : " or below"}, got ${shown(iss.input)}`;
}

function badFormat(iss: Extract<Issue, { code: "invalid_format" }>): string {
  if (iss.format === "url") return `expected an address starting with https://, got ${shown(iss.input)}`;
  if (iss.format === "email")
    return `expected an email address such as hello@example.com.au, got ${shown(iss.input)}`;
  if (/date/.test(iss.format)) return `expected a date written as 2026-12-31, got ${shown(iss.input)}`;
  return `is not written the way this field takes it, got ${shown(iss.input)}: see the field's description in the editor`;
}

/** "a, b or c" */
function oneOf(items: string[], last = "or"): string {
  const quoted = last === "or" ? items.map((i) => JSON.stringify(i)) : items;
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} ${last} ${quoted.at(-1)}` : (quoted[0] ?? "");
}

/** A value as the editor wrote it. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  return JSON.stringify(value);
}
