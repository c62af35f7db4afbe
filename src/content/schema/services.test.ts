import { describe, expect, it } from "vitest";
import * as z from "zod";
import { Service, ServicesFile } from "./services.ts";

/** A service entry as services.yaml holds one, with `formValue` and any fields changed. */
function entry(fields: Record<string, unknown>) {
  const point = { title: "Title", text: "Text." };
  return {
    slug: "oven-bbq-cleaning-brisbane",
    formValue: "oven-bbq-cleaning",
    name: "Oven & BBQ Cleaning Brisbane",
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
  it("is named as the file names it: a name the forms, the menus and the owner's notice use", () => {
    expect(
      Service.parse(entry({ formValue: "window-cleaning", name: "Window Cleaning Hobart" })),
    ).toMatchObject({
      formValue: "window-cleaning",
      name: "Window Cleaning Hobart",
      addOns: [],
      propertyDetails: true,
    });
  });

  it("needs a name, and a formValue shaped as the forms post it", () => {
    const { name: _, ...nameless } = entry({});
    expect(Service.safeParse(nameless).error?.issues.map((i) => i.path.join("."))).toEqual(["name"]);
    expect(Service.safeParse(entry({ formValue: "Oven cleaning" })).error?.issues[0].message).toMatch(
      /^expected lowercase words joined by hyphens/,
    );
  });

  it("may be one of any number: a business with three services has three pages", () => {
    const three = [1, 2, 3].map((n) => entry({ slug: `s${n}`, formValue: `s${n}` }));
    expect(ServicesFile.parse({ services: three }).services).toHaveLength(3);
    expect(ServicesFile.safeParse({ services: [] }).success).toBe(false);
  });

  it("asks the editor for every field the file holds", () => {
    const json = z.toJSONSchema(Service, { io: "input", target: "draft-7" }) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(json.required).toEqual(expect.arrayContaining(["name", "formValue", "slug"]));
    expect(Object.keys(json.properties)).toEqual(
      expect.arrayContaining(["addOns", "propertyDetails", "noticeDay"]),
    );
  });
});
