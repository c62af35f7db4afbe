import { describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { SERVICE_OPTIONS } from "./fields.ts";

describe("the contact form's service options", () => {
  it("are the six services of content/services.yaml, by form value and name", () => {
    // The relay names the chosen service in the owner's notice without reading content/, so the two must agree.
    const services = loadContent("content").services.map((s) => ({ value: s.formValue, label: s.name }));
    expect([...SERVICE_OPTIONS].sort((a, b) => a.value.localeCompare(b.value))).toEqual(services.sort((a, b) => a.value.localeCompare(b.value)));
  });
});
