import { describe, expect, it } from "vitest";
import * as z from "zod";
import { SERVICE_OPTIONS } from "../../shared/forms/fields.ts";
import { Service } from "./services.ts";

/** A service entry as services.yaml holds one, with `formValue` and any fields changed. */
function entry(fields: Record<string, unknown>) {
  const point = { title: "Title", text: "Text." };
  return {
    slug: "oven-bbq-cleaning-brisbane",
    formValue: "oven-bbq-cleaning",
    navLabel: "Oven & BBQ Cleaning",
    seo: { title: "Oven & BBQ Cleaning Brisbane", description: "Ovens and barbecues cleaned." },
    banner: { title: "Oven & BBQ Cleaning", description: "Ovens and barbecues cleaned." },
    intro: {
      heading: "Heading",
      paragraphs: ["Paragraph."],
      image: { src: "oven-bbq-cleaning.svg", alt: "An oven" },
    },
    features: [point, point, point],
    trustPoints: [point, point, point, point],
    cta: { heading: "Heading", text: "Text." },
    checklist: { heading: "Heading", intro: "Intro.", groups: [{ area: "Oven", items: ["Racks"] }] },
    stats: [
      { value: "1", label: "One" },
      { value: "2", label: "Two" },
      { value: "3", label: "Three" },
    ],
    closing: { heading: "Heading", text: "Text." },
    guarantee: "re-clean",
    ...fields,
  };
}

describe("a service", () => {
  it.each(SERVICE_OPTIONS)(
    "with formValue $value is named $label, the contact form's label",
    ({ value, label }) => {
      expect(Service.parse(entry({ formValue: value })).name).toBe(label);
    },
  );

  it("refuses a name written in the file", () => {
    const result = Service.safeParse(entry({ name: "Oven Cleaning" }));
    expect(result.error?.issues).toMatchObject([
      { code: "unrecognized_keys", keys: ["name"], message: expect.stringMatching(/^remove "name": /) },
    ]);
  });

  it("does not ask the editor for a name: the JSON Schema describes what the file holds", () => {
    const json = z.toJSONSchema(Service, { io: "input", target: "draft-7" }) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(json.properties)).not.toContain("name");
    expect(json.required).not.toContain("name");
    expect(json.properties.formValue).toMatchObject({
      description: expect.stringContaining('oven-bbq-cleaning ("Oven & BBQ Cleaning Brisbane")'),
    });
  });
});
