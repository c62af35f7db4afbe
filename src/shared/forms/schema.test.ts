import { describe, expect, it } from "vitest";
import { FORM_FIELDS } from "./form-fields.ts";
import { formBodies } from "./schema.ts";

const BODIES = formBodies(["bond-cleaning", "window-cleaning"]);

// The relay's body schemas are made from the fields the forms draw: a field the form marks
// required is required by the relay, and the form's maxLength is the relay's limit.
describe.each(Object.entries(FORM_FIELDS))("the %s form's body schema", (kind, fields) => {
  const schema = BODIES[kind as keyof typeof BODIES];
  const valid: Record<string, string> = {
    name: "Mia Nguyen",
    email: "mia@example.com",
    phone: "0400 000 000",
    address: "1 Example St",
    service: "",
    message: "Hello",
  };
  const body = (field: string, value: string) =>
    Object.fromEntries(fields.map((f) => [f.name, f.name === field ? value : valid[f.name]]));

  it("accepts a body with every field filled", () => {
    expect(schema.safeParse(body("", "")).success).toBe(true);
  });

  it.each(fields.map((f) => [f.name, f.required] as const))(
    "%s: empty is refused exactly when the form marks it required (%s)",
    (name, required) => {
      expect(schema.safeParse(body(name, "")).success).toBe(!required);
    },
  );

  it.each(fields.flatMap((f) => ("maxLength" in f ? [[f.name, f.maxLength] as const] : [])))(
    "%s: the form's maxLength (%i) is the relay's limit",
    (name, max) => {
      const at =
        name === "email" ? `${"m".repeat(max - "@example.com".length)}@example.com` : "x".repeat(max);
      expect(schema.safeParse(body(name, at)).success).toBe(true);
      expect(schema.safeParse(body(name, at + "x")).success).toBe(false);
    },
  );
});

describe("a post's service", () => {
  const contact = (service: string, services?: string[]) =>
    formBodies(services).contact.safeParse({ name: "Mia", email: "mia@example.com", message: "Hi", service })
      .success;

  it("is one the site offers, or none", () => {
    expect(contact("window-cleaning", ["bond-cleaning", "window-cleaning"])).toBe(true);
    expect(contact("", ["bond-cleaning"])).toBe(true);
    expect(contact("carpet-cleaning", ["bond-cleaning", "window-cleaning"])).toBe(false);
  });

  it("is any value shaped as one when the relay was told of no services: no lead is lost for want of a list", () => {
    expect(contact("carpet-cleaning")).toBe(true);
    expect(contact("Carpet <b>cleaning</b>")).toBe(false);
  });

  it("is checked in the quote page's details too", () => {
    const quote = (service: string) =>
      formBodies(["bond-cleaning"]).quote.safeParse({ name: "Mia", email: "mia@example.com", service })
        .success;
    expect(quote("bond-cleaning")).toBe(true);
    expect(quote("window-cleaning")).toBe(false);
  });
});
