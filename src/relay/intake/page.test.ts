/** The relay's page for a post without script: the build's markup, filled (page.ts). */
import { describe, expect, it } from "vitest";
import { readResultPage } from "../../testing/result-page.ts";
import { quoteOffer } from "../../shared/forms/quote-details.ts";
import { TEST_SERVICES } from "../testing/services.ts";
import { CONFIRM_NOTICE, resultPage, type ResultPage } from "./page.ts";

const base: ResultPage = {
  form: "contact",
  mode: "failed",
  notice: { title: "Error", text: "Try again." },
  values: {},
  action: "/api/contact",
  back: "https://www.example.com/contact-us/",
  offer: quoteOffer(TEST_SERVICES, undefined),
};

describe("the result page", () => {
  it("holds what was typed exactly, slot markers and markup included, and fills nothing from it", () => {
    const typed = {
      name: "\uE000title\uE001 <b>",
      email: "a@b.co",
      phone: "\uE002form\uE003",
      service: "bond-cleaning",
      message: "\n\uE000text\uE001 & </textarea>",
    };
    const page = readResultPage(resultPage({ ...base, values: typed }));
    expect(page.form?.values).toEqual({ ...typed, back: base.back });
    expect([page.title, page.text]).toEqual(["Error", "Try again."]);
  });

  it("says each outcome in its own live region and offers the form again only where it can be sent again", () => {
    const read = (mode: ResultPage["mode"], proof?: string) =>
      readResultPage(
        resultPage({ ...base, mode, proof, notice: mode === "confirm" ? CONFIRM_NOTICE : base.notice }),
      );
    expect(read("sent")).toMatchObject({
      role: "status",
      form: undefined,
      back: { href: base.back, text: "Back to the site" },
    });
    expect(read("refused")).toMatchObject({
      role: "alert",
      form: undefined,
      back: { text: "Back to the form" },
    });
    expect(read("failed")).toMatchObject({ role: "alert", form: { action: "/api/contact" } });
    expect(read("failed").form?.values).not.toHaveProperty("proof");
    expect(read("confirm", "p.1")).toMatchObject({
      role: "status",
      title: CONFIRM_NOTICE.title,
      form: { values: { proof: "p.1", back: base.back } },
    });
  });

  it("chooses only a service the form offers, and links the privacy policy on the site the visitor came from", () => {
    expect(readResultPage(resultPage({ ...base, values: { service: "made-up" } })).form?.values.service).toBe(
      "",
    );
    expect(resultPage(base)).toContain('href="https://www.example.com/privacy-policy/"');
    expect(resultPage({ ...base, back: "/contact-us/" })).toContain('href="/privacy-policy/"');
  });

  it("names each field the check refused, under it and in a summary linking to it, in the island's words", () => {
    const values = { name: "  ", email: "mia@", phone: "+44 20 7946 0958", message: "Hi" };
    const html = resultPage({ ...base, form: "quote", values, invalid: ["name", "email"] });
    const page = readResultPage(html);
    expect([page.role, page.title]).toEqual(["alert", "Please fix 2 fields"]);
    expect(page.fixes).toEqual([
      { href: "#quote-name", text: "Enter your full name" },
      { href: "#quote-email", text: "Enter an email such as name@example.com" },
    ]);
    expect(page.fieldErrors).toEqual({
      name: "Enter your full name",
      email: "Enter an email such as name@example.com",
    });
    // What was typed is kept, the odd phone included; the page's title is the summary's.
    expect(page.form!.values).toMatchObject(values);
    expect(html).toContain("<title>Please fix 2 fields</title>");
    // A refused detail (the quote page's, the add-ons) is not one of the form's fields: the failure notice.
    const detail = readResultPage(resultPage({ ...base, invalid: ["bedrooms"] }));
    expect([detail.title, detail.fixes, detail.fieldErrors]).toEqual(["Error", [], {}]);
  });

  it("offers the services and add-ons it was told of, and without them none: nothing of a business in its markup", () => {
    const window = {
      services: [{ value: "windows", label: "Window Cleaning", addOns: ["screens"], propertyDetails: true }],
      addOns: [{ id: "screens", label: "Flyscreens washed", short: "screens", unit: "screen", max: 20 }],
    };
    const contact = readResultPage(
      resultPage({ ...base, values: { service: "windows" }, offer: quoteOffer(window, undefined) }),
    );
    expect(contact.form?.values.service).toBe("windows");
    const quote = resultPage({
      ...base,
      form: "quote",
      values: { page: "/quote/", service: "windows", "addOn.screens": "4" },
      offer: quoteOffer(window, undefined),
    });
    expect(readResultPage(quote).form?.values).toMatchObject({ service: "windows", "addOn.screens": "4" });
    expect(quote).toContain(">Flyscreens washed <");
    expect(quote).toContain("(screens)");
    expect(quote).not.toMatch(/Bond Cleaning|Carpet steam/);
    const told = resultPage({ ...base, form: "quote", values: { page: "/quote/" }, offer: undefined });
    expect(told).not.toMatch(/<option value="[^"]/);
    expect(told).not.toContain("Add-ons");
  });

  it("is drawn in the brand's colours it was told of, in greys without them", () => {
    const teal = resultPage(base).match(/:root\{[^}]*\}/)![0];
    expect(teal).toContain("--brand-700:#334155");
    const colours = {
      brand: {
        shade50: "#eff6ff",
        shade100: "#dbeafe",
        shade200: "#bfdbfe",
        shade500: "#3b82f6",
        shade600: "#2563eb",
        shade700: "#1d4ed8",
        shade800: "#1e40af",
        shade900: "#1e3a8a",
        shade950: "#172554",
      },
      accent: {
        shade50: "#fff7ed",
        shade100: "#ffedd5",
        shade600: "#ea580c",
        shade700: "#c2410c",
        shade800: "#9a3412",
      },
      highlight: "#facc15",
    };
    const blue = resultPage({ ...base, colours });
    expect(blue).toContain(":root{--brand-50:#eff6ff;");
    expect(blue).toContain("--brand-700:#1d4ed8;");
    expect(blue).toContain("--sparkle:#facc15}");
    // The stylesheet reads them: a GET A QUOTE button's colour is the accent's 700.
    expect(blue).toMatch(/\.bg-accent-700\{background-color:var\(--accent-700\)\}/);
  });

  it("shows the quote form's own fields", () => {
    const page = readResultPage(resultPage({ ...base, form: "quote", values: { address: "1 Main St" } }));
    expect(Object.keys(page.form!.values)).toEqual(["back", "name", "email", "phone", "address", "message"]);
    expect(page.form!.values.address).toBe("1 Main St");
  });
});

describe("the result page for a post from the quote page", () => {
  const quote: ResultPage = { ...base, form: "quote", action: "/api/quote", back: "/quote/" };

  it("holds the details chosen: the service, the radios, the counts, the day and the add-ons", () => {
    const values = {
      page: "/quote/",
      name: "Ana",
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: "3",
      bathrooms: "2",
      storeys: "2",
      date: "2026-12-12",
      timeWindow: "morning",
      "addOn.carpet-steam": "3",
      "addOn.garage": "1",
    };
    const page = readResultPage(resultPage({ ...quote, values }));
    expect(page.form!.values).toMatchObject({
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: "3",
      bathrooms: "2",
      storeys: "2",
      date: "2026-12-12",
      timeWindow: "morning",
      "addOn.carpet-steam": "3",
      "addOn.garage": "1",
      "addOn.oven": "",
      name: "Ana",
    });
  });

  it("chooses nothing the form does not offer, and shows no details for the home hero's post", () => {
    const page = readResultPage(
      resultPage({
        ...quote,
        values: { page: "/quote/", propertyType: "castle", timeWindow: '" checked="' },
      }),
    );
    expect(page.form!.values).toMatchObject({ propertyType: "", timeWindow: "" });
    expect(
      readResultPage(resultPage({ ...quote, values: { page: "/", name: "Bo" } })).form!.values,
    ).not.toHaveProperty("bedrooms");
  });
});
