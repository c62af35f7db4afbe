import { describe, expect, it } from "vitest";
import { loadContent } from "./content/load.ts";
import { outputFile, routes } from "../content/routes.ts";
import { renderRoute } from "./render.tsx";
import { renderDefaults } from "./build.ts";
import { visibleText } from "../testing/html.ts";
import { contentLists } from "../testing/content-lists.ts";
import { contentWithNewSuburb } from "../testing/new-suburb.ts";

const content = loadContent("content");
const all = routes(content);
const render = (path: string, c = content) =>
  renderRoute(
    routes(c).find((r) => r.path === path)!,
    c,
    renderDefaults(),
  );
const text = visibleText;

describe("the route list", () => {
  it("has the pages of the specification, the quote page, the privacy policy and the terms, and the 404", () => {
    // Home, the services, About, Contact, the quote page (issue 42) and the suburbs, the two pages the
    // footer's fine print links to, the 404.
    expect(all).toHaveLength(1 + content.services.length + 3 + content.suburbs.length + 2 + 1);
    expect(all.map(outputFile)).toEqual(
      expect.arrayContaining([
        "index.html",
        "services/bond-cleaning-brisbane/index.html",
        "services/spring-cleaning-brisbane/index.html",
        "services/office-cleaning-brisbane/index.html",
        "services/oven-bbq-cleaning-brisbane/index.html",
        "services/house-cleaning-brisbane/index.html",
        "services/carpet-cleaning-brisbane/index.html",
        "about-us/index.html",
        "contact-us/index.html",
        "quote/index.html",
        "privacy-policy/index.html",
        "terms/index.html",
        "suburbs/annerley/index.html",
        "suburbs/woolloongabba/index.html",
        "404.html",
      ]),
    );
    expect(new Set(all.map(outputFile)).size).toBe(all.length);
  });
});

describe("every page", () => {
  it.each(all.map((r) => [r.path, r] as const))(
    "%s has one h1, a title, a description, a skip link and the landmarks",
    (_path, route) => {
      const html = renderRoute(route, content, renderDefaults());
      expect(html).toMatch(/^<!DOCTYPE html><html lang="en-AU">/);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html).toMatch(/<a href="#main"[^>]*>Skip to main content<\/a>/);
      for (const landmark of ["<header", "<nav", '<main id="main"', "<footer"])
        expect(html).toContain(landmark);
      expect(text(html)).toContain(`© ${content.site.copyrightYear}`);
    },
  );

  it.each(all.map((r) => [r.path, r] as const))(
    "%s preloads the brand mark from its head, once, and has no <link> in its body",
    (_path, route) => {
      const html = renderRoute(route, content, renderDefaults());
      const [head, body] = html.split("</head>");
      expect(head.match(/<link rel="preload"[^>]*href="\/images\/icon.svg"[^>]*>/g)).toHaveLength(1);
      expect(body).not.toContain("<link");
    },
  );

  it("has a unique title and description", () => {
    const heads = all.map((r) =>
      renderRoute(r, content, renderDefaults())
        .match(/<title>([^<]+)<\/title>[\s\S]*?content="([^"]+)"/)!
        .slice(1),
    );
    expect(new Set(heads.map((h) => h[0])).size).toBe(all.length);
    expect(new Set(heads.map((h) => h[1])).size).toBe(all.length);
  });
});

describe("each kind of page", () => {
  it("home: hero with the quote form, then the sections in the specification's order", () => {
    const html = render("/");
    const order = [
      'id="home"',
      "bond-intro-title",
      'id="services"',
      'id="about"',
      'id="faq"',
      'id="suburbs"',
      'id="testimonials"',
      "<footer",
    ].map((m) => html.indexOf(m));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.slice(html.indexOf('id="home"'), html.indexOf("bond-intro-title"))).toMatch(
      /<form [^>]*action="\/api\/quote" method="post"/,
    );
    expect(text(html)).toContain(
      content.home.whyChooseUs.stats.map((s) => `${s.label} ${s.value}`).join(" "),
    );
    for (const q of content.faq) expect(text(html)).toContain(q.answer);
  });

  it("service: banner, GET A QUOTE and the phone as a tel: link", () => {
    const html = render("/services/oven-bbq-cleaning-brisbane/");
    expect(text(html)).toContain("Oven & BBQ Cleaning Brisbane");
    expect(text(html)).toContain("GET A QUOTE");
    expect(html).toContain('href="tel:+61491570156"');
  });

  // The first suburb stands for all: one template, filled from content/.
  const suburb = content.suburbs[0];
  const suburbPage = `/suburbs/${suburb.slug}/`;
  const withSuburb = (changed: typeof suburb) => ({
    ...content,
    suburbs: content.suburbs.map((s) => (s.slug === suburb.slug ? changed : s)),
  });

  it("suburb: its name, postcode, the landline and the first-clean discount", () => {
    const html = text(render(suburbPage));
    expect(html).toContain(`Bond Cleaning ${suburb.name} ${suburb.postcode}`);
    expect(html).toContain(content.site.landline);
    expect(html).toContain(`${content.site.claims.firstCleanDiscountPercent}% off your first clean`);
    expect(html).toContain(`Best Bond Cleaning in ${suburb.name}`);
  });

  it("suburb: the schools table appears only when the suburb has schools", () => {
    const school = {
      name: "Quokka Flats State School",
      level: "Primary",
      type: "Government",
      source: "https://example.org/",
      citation: "Example",
    } as const;
    expect(render(suburbPage, withSuburb({ ...suburb, schools: [school] }))).toContain("<table");
    const html = render(suburbPage, withSuburb({ ...suburb, schools: [] }));
    expect(html).not.toContain("<table");
    expect(text(html)).not.toMatch(/Schools in and near/);
  });

  it("suburb: a missing price leaves its line out", () => {
    const price = {
      value: "$1.305 million",
      asOf: "Domain, April 2025",
      source: "https://example.org/",
      citation: "Example",
    };
    expect(text(render(suburbPage, withSuburb({ ...suburb, medianHousePrice: price })))).toContain(
      "Median house price",
    );
    expect(text(render(suburbPage, withSuburb({ ...suburb, medianHousePrice: undefined })))).not.toContain(
      "Median house price",
    );
  });

  it("contact: the form with the service options of the specification", () => {
    const html = render("/contact-us/");
    expect(html).toContain('<option value="" selected="">Select a service</option>');
    expect(html).toContain('<option value="oven-bbq-cleaning">Oven &amp; BBQ Cleaning Brisbane</option>');
    expect(html).toMatch(
      /<textarea[^>]*name="message"[^>]*rows="5"|<textarea[^>]*rows="5"[^>]*name="message"/,
    );
    expect(text(html)).toMatch(/Mon-Fri: 8AM-6PM.*Sat: 9AM-4PM.*Sun: Closed/);
  });

  it("404: the code, the message and a link home", () => {
    const html = render("/404.html");
    expect(text(html)).toMatch(/404 Oops! Page not found/);
    expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe.each([
  ["content/", "content"],
  [
    "content/ with a suburb added by npm run new-suburb",
    contentWithNewSuburb("Quokka Flats", "4055", { homeGrid: true }),
  ],
])("the suburbs the home page links, from %s", (_, dir) => {
  it("are in the header's list where suburbs.yaml puts them in the header, and in the grid where it puts them on the home page, in its order", () => {
    const c = loadContent(dir);
    const html = render("/", c);
    /** The suburbs linked from the list that starts at `from`, in order. */
    const linked = (from: string) => {
      const list = html.slice(html.indexOf(from));
      return [...list.slice(0, list.indexOf("</ul>")).matchAll(/href="\/suburbs\/([^/"]+)\/"/g)].map(
        (m) => m[1],
      );
    };
    const listed = contentLists(dir);
    expect(linked('id="nav-suburbs-list"')).toEqual(listed.header);
    expect(linked('id="suburbs"')).toEqual(listed.homeGrid);
  });
});
