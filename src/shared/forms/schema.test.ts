import { describe, expect, it } from "vitest";
import { FORM_FIELDS } from "./form-fields.ts";
import { BODIES } from "./schema.ts";

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
