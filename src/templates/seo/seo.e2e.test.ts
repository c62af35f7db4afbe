/**
 * The search and sharing side of every built page: canonical address, Open
 * Graph and Twitter tags, and the JSON-LD checked against the properties
 * Google documents as required and recommended for each rich result type
 * (developers.google.com/search/docs/appearance/structured-data: local-business,
 * breadcrumb, faqpage).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { isIndexable, outputFile, routes, type Route } from "../../content/routes.ts";
import { renderRoute } from "../../build/render.tsx";
import { renderDefaults } from "../../build/build.ts";
import { DIST_DIR } from "../../testing/dist-dir.ts";
import { decodeEntities } from "../../testing/html.ts";

const content = loadContent("content");
const all = routes(content);
const site = content.site.url.replace(/\/$/, "");
const html = (r: Route) => readFileSync(path.join(DIST_DIR, outputFile(r)), "utf8");
const attr = (page: string, re: RegExp) => {
  const v = page.match(re)?.[1];
  return v === undefined ? undefined : decodeEntities(v);
};

type Node = Record<string, any>;
/** Every node of every JSON-LD block on the page, each block a graph or a single node. */
function graphOf(page: string): Node[] {
  const blocks = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
  expect(blocks.length).toBeGreaterThanOrEqual(1);
  for (const b of blocks) expect(b["@context"]).toBe("https://schema.org");
  return blocks.flatMap(({ "@context": _, ...b }) => b["@graph"] ?? [b]);
}
const ofType = (graph: Node[], type: string) => graph.filter((n) => n["@type"] === type);
/** Every key anywhere in a JSON value. */
const keysIn = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(keysIn)
    : v && typeof v === "object"
      ? Object.entries(v).flatMap(([k, x]) => [k, ...keysIn(x)])
      : [];

// The types schema.org lists under LocalBusiness that a cleaning business could be.
const LOCAL_BUSINESS_TYPES = ["LocalBusiness", "HomeAndConstructionBusiness", "ProfessionalService"];

describe.each(all.filter(isIndexable).map((r) => [r.path, r] as const))("%s", (routePath, route) => {
  const page = html(route);
  const canonical = site + routePath;

  it("has a canonical address with the route's trailing slash, and matching Open Graph and Twitter tags", () => {
    expect(attr(page, /<link rel="canonical" href="([^"]+)"/)).toBe(canonical);
    expect(attr(page, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
    const title = attr(page, /<title>([^<]+)<\/title>/);
    expect(attr(page, /<meta property="og:title" content="([^"]+)"/)).toBe(title);
    expect(attr(page, /<meta property="og:description" content="([^"]+)"/)).toBe(
      attr(page, /<meta name="description" content="([^"]+)"/),
    );
    expect(attr(page, /<meta property="og:image" content="([^"]+)"/)).toBe(`${site}/images/og-image.png`);
    expect(attr(page, /<meta property="og:image:width" content="([^"]+)"/)).toBe("1200");
    expect(attr(page, /<meta property="og:image:height" content="([^"]+)"/)).toBe("630");
    expect(attr(page, /<meta name="twitter:card" content="([^"]+)"/)).toBe("summary_large_image");
    expect(attr(page, /<meta name="theme-color" content="([^"]+)"/)).toBe("#0f766e");
    expect(page).toMatch(/<link rel="manifest" href="\/site.webmanifest"\/>/);
    expect(page).toMatch(/<link rel="icon" href="\/images\/icon.svg" type="image\/svg\+xml"\/>/);
    expect(page).not.toContain('name="robots"');
  });

  it("describes the business with Google's required and recommended LocalBusiness properties, and no self-serving ratings", () => {
    const graph = graphOf(page);
    const [business] = graph.filter((n) => LOCAL_BUSINESS_TYPES.includes(n["@type"]));
    expect(business).toBeDefined();
    // Required.
    expect(business.name).toBe(content.site.name);
    expect(business.address).toMatchObject({
      "@type": "PostalAddress",
      addressLocality: "Brisbane",
      addressRegion: "QLD",
      postalCode: "4000",
      addressCountry: "AU",
    });
    // Recommended (geo is left out: the business visits homes and has no shopfront to pin).
    expect(business.telephone).toBe("+61491570156");
    expect(business.url).toBe(`${site}/`);
    // The owner has not said how expensive the business is (site.yaml): the site does not guess.
    expect(business.priceRange).toBeUndefined();
    expect(business.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" },
    ]);
    expect(business.email).toBe(content.site.email);
    expect(business.image).toBe(`${site}/images/og-image.png`);
    expect(business["@id"]).toBe(`${site}/#business`);
    expect(keysIn(graph)).not.toContain("aggregateRating");
    expect(keysIn(graph)).not.toContain("review");
  });

  if (route.kind === "service" || route.kind === "suburb") {
    it("has a BreadcrumbList from Home to this page", () => {
      const [list, ...more] = ofType(graphOf(page), "BreadcrumbList");
      expect(more).toEqual([]);
      const items: Node[] = list.itemListElement;
      expect(items.length).toBeGreaterThanOrEqual(2);
      items.forEach((item, i) => {
        expect(item["@type"]).toBe("ListItem");
        expect(item.position).toBe(i + 1);
        expect(typeof item.name).toBe("string");
        expect(item.item).toMatch(new RegExp(`^${site}/`));
      });
      expect(items[0]).toMatchObject({ name: "Home", item: `${site}/` });
      expect(items.at(-1)!.item).toBe(canonical);
      if (route.kind === "suburb")
        expect(items.at(-1)!.name).toBe(`Bond Cleaning ${route.suburb.name} ${route.suburb.postcode}`);
      if (route.kind === "service") expect(items.at(-1)!.name).toBe(route.service.name);
    });

    it("shows visitors the same breadcrumb trail the BreadcrumbList describes", () => {
      const nav = page.match(/<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/)?.[0];
      expect(nav).toBeDefined();
      const links = [...nav!.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({
        name: decodeEntities(m[2]),
        item: site + m[1],
      }));
      const current = decodeEntities(nav!.match(/<span aria-current="page"[^>]*>([^<]+)<\/span>/)![1]);
      const items = ofType(graphOf(page), "BreadcrumbList")[0].itemListElement.map(
        ({ name, item }: Node) => ({ name, item }),
      );
      expect([...links, { name: current, item: canonical }]).toEqual(items);
    });
  }

  if (route.kind === "service") {
    it("has a Service provided by the business", () => {
      const graph = graphOf(page);
      const [service, ...more] = ofType(graph, "Service");
      expect(more).toEqual([]);
      expect(service).toMatchObject({
        name: route.service.name,
        url: canonical,
        provider: { "@id": `${site}/#business` },
      });
      expect(service.serviceType).toBeTruthy();
      expect(service.description).toBeTruthy();
    });
  } else {
    it("has no Service", () => expect(ofType(graphOf(page), "Service")).toEqual([]));
  }

  // Google shows FAQ rich results only for government and health sites (since 2023): no FAQPage
  // (src/templates/seo/jsonld.ts).
  it("has no FAQPage", () => expect(ofType(graphOf(page), "FAQPage")).toEqual([]));
});

describe("the 404 page", () => {
  const page = html(all.find((r) => r.kind === "notFound")!);
  it("is noindex, claims no canonical address and carries no structured data", () => {
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).not.toContain('rel="canonical"');
    expect(page).not.toContain("application/ld+json");
  });
});

describe("titles", () => {
  it("name the suburb and its postcode on every suburb page", () => {
    for (const r of all)
      if (r.kind === "suburb")
        expect(attr(html(r), /<title>([^<]+)<\/title>/)).toContain(`${r.suburb.name} ${r.suburb.postcode}`);
  });
});

describe("the public address", () => {
  it("comes from site.yaml, or SITE_URL at build, for canonicals and structured data alike", () => {
    const moved = { ...content, site: { ...content.site, url: "https://jacaranda.example.net/" } };
    const route = routes(moved).find((r) => r.kind === "about")!;
    const page = renderRoute(route, moved, renderDefaults());
    expect(page).toContain('<link rel="canonical" href="https://jacaranda.example.net/about-us/"/>');
    expect(page).toContain('"url":"https://jacaranda.example.net/"');
    expect(page).not.toContain("www.example.com");
  });

  it("names the business by its legal name and ABN (taxID, its 11 digits) once site.yaml has them, and not before", () => {
    const named = {
      ...content,
      site: { ...content.site, legalName: "Jacaranda Cleaning Pty Ltd", abn: "11 223 491 505" },
    };
    const business = (c: typeof content) => graphOf(renderRoute(routes(c)[0], c, renderDefaults()))[0];
    expect(business(named)).toMatchObject({
      name: "Jacaranda Cleaning Co.",
      legalName: "Jacaranda Cleaning Pty Ltd",
      taxID: "11223491505",
    });
    expect(keysIn(business(content))).not.toContain("legalName");
    expect(keysIn(business(content))).not.toContain("taxID");
  });

  it("keeps a </script> in the content from closing the JSON-LD early", () => {
    const sly = {
      ...content,
      site: { ...content.site, tagline: "Clean </script><script>alert(1)</script>" },
    };
    const page = renderRoute(routes(sly)[0], sly, renderDefaults());
    const json = page.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1];
    expect(JSON.parse(json)["@graph"][0].description).toBe("Clean </script><script>alert(1)</script>");
  });
});
