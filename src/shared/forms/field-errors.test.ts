/**
 * The words a visitor reads about a field to fix, and the rules behind them: the same rules the relay's
 * check applies (schema.ts), so the island never passes what the relay refuses, nor stops what it takes.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { EMAIL_PATTERN, errorSummaryTitle, errorText, problemOf } from "./field-errors.ts";
import { FORM_FIELDS } from "./form-fields.ts";
import { formBodies } from "./schema.ts";

const SERVICES = ["bond-cleaning", "window-cleaning"];
const BODIES = formBodies(SERVICES);

/** Values a visitor (or a bot) might leave in a field. */
const TRIED = [
  "",
  "   ",
  "\u200B\u00AD ",
  "Mia Nguyen",
  "mia@example.com",
  "  mia@example.com  ",
  "mia@",
  "mia example.com",
  "mia@example",
  "名前@例え.jp",
  "+44 20 7946 0958",
  "(07) 3000 0000 ext. 2",
  "call after 5pm",
  "bond-cleaning",
  "made-up-service",
  "x".repeat(10_001),
  "m".repeat(250) + "@example.com",
];

describe.each(Object.entries(FORM_FIELDS))("the %s form", (kind, fields) => {
  const schema = BODIES[kind as keyof typeof BODIES];
  const filled: Record<string, string> = {
    name: "Mia Nguyen",
    email: "mia@example.com",
    phone: "",
    address: "",
    service: "",
    message: "Hello",
  };

  it.each(fields.map((f) => [f.name, f] as const))(
    "%s: something to fix exactly when the relay would refuse it",
    (name, field) => {
      for (const value of TRIED) {
        const body = { ...filled, [name]: value };
        const refused = !schema.safeParse(body).success;
        expect(problemOf(field, value, SERVICES) !== undefined, JSON.stringify(value).slice(0, 40)).toBe(
          refused,
        );
      }
    },
  );
});

describe("what the visitor reads", () => {
  const field = (kind: "quote" | "contact", name: string) => FORM_FIELDS[kind].find((f) => f.name === name)!;
  const said = (kind: "quote" | "contact", name: string, value: string) => {
    const f = field(kind, name);
    const problem = problemOf(f, value, SERVICES);
    return problem && errorText(f, problem);
  };

  it("says what to do, with an example where one helps", () => {
    expect(said("quote", "name", "")).toBe("Enter your full name");
    expect(said("quote", "name", "  \u200B")).toBe("Enter your full name");
    expect(said("quote", "email", "")).toBe("Enter your email address, such as name@example.com");
    expect(said("quote", "email", "mia@")).toBe("Enter an email such as name@example.com");
    expect(said("contact", "message", "")).toBe("Enter your message");
    expect(said("contact", "service", "made-up")).toBe("Choose one of the service type options in the list");
    expect(said("quote", "address", "x".repeat(301))).toBe("Shorten this to 300 characters or fewer");
    expect([errorSummaryTitle(1), errorSummaryTitle(2)]).toEqual([
      "Please fix 1 field",
      "Please fix 2 fields",
    ]);
  });

  it("takes any phone: another country's, with an extension, or in words", () => {
    for (const phone of ["+44 20 7946 0958", "+1 (212) 555-0143", "(07) 3000 0000 ext. 2", "after 5pm"])
      expect(said("contact", "phone", phone), phone).toBeUndefined();
  });

  it("checks an email by the rule a browser's email box uses", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.html5Email.source);
  });
});
