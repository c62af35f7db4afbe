/**
 * What no single schema can see: references between entries and files
 * (a nearby suburb that exists, a slug used once, an image that is there),
 * checked once every file has passed its schema.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Content, FileValue } from "../../content/content.ts";
import { imageUses, isSvg, svgSize } from "../../content/images.ts";
import type { AddOnData, ServiceData, SuburbData } from "../../content/content.ts";
import { PLACEHOLDER, SUBURB_PLACEHOLDERS } from "../../content/schema/suburb-pages.ts";
import { locate } from "./locate.ts";
import type { ContentProblem } from "./problems.ts";
import type { Parsed } from "./read-file.ts";

/** A suburb's slug: its name in lowercase with spaces as hyphens ("Quokka Flats" → "quokka-flats"). */
export const slugFor = (name: string) => name.trim().toLowerCase().replace(/\s+/g, "-");

/** The files whose entries refer to other entries or to images. */
type Referring = "site" | "suburbs" | "services" | "addOns" | "suburbPages" | "home" | "about";

/**
 * The problems across entries and files, and the size of each SVG the pages show (read while checking it
 * exists).
 */
export function crossCheck(
  files: { [K in Referring]: FileValue<K> } & { pricing?: FileValue<"pricing"> },
  parsed: Record<Referring, Parsed> & { pricing?: Parsed },
  dir: string,
): { problems: ContentProblem[]; images: Content["images"] } {
  const images: Content["images"] = {};
  const problems = [
    ...suburbProblems(files.suburbs.suburbs, parsed.suburbs),
    ...serviceProblems(files.services.services, parsed.services),
    ...serviceReferences(files, parsed),
  ];
  // Every image a page names must exist in content/images; an SVG's size is read here, a photo's by the
  // build.
  for (const use of imageUses({ services: files.services.services, home: files.home, about: files.about })) {
    const { src } = use.image;
    const file = path.join(dir, "images", src);
    const at = [...use.at, "src"];
    if (!existsSync(file)) problems.push(locate(parsed[use.file], at, `no such image: ${file}`));
    else if (isSvg(src) && !images[src]) {
      const size = svgSize(readFileSync(file, "utf8"));
      if (size) images[src] = { kind: "svg", src: `/images/${src}`, ...size };
      else
        problems.push(
          locate(
            parsed[use.file],
            at,
            `cannot read the size of ${file}: give its <svg> a viewBox, or width and height in pixels`,
          ),
        );
    }
  }
  return { problems, images };
}

function suburbProblems(suburbs: SuburbData[], sp: Parsed): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const known = new Set(suburbs.map((s) => s.slug));
  const seen = new Map<string, number>();
  // A suburb copied from another to start it (as suburbs.yaml suggests) keeps the other's title and
  // description until they are rewritten: search engines would show one of the two pages, under the wrong
  // suburb's name.
  const seo = { title: new Map<string, number>(), description: new Map<string, number>() };
  suburbs.forEach((s, i) => {
    if (!s.seo.title.includes(s.name))
      problems.push(
        locate(
          sp,
          ["suburbs", i, "seo", "title"],
          `does not name the suburb: write "${s.name}" in it, as search results show the title alone`,
        ),
      );
    for (const field of ["title", "description"] as const) {
      const other = seo[field].get(s.seo[field]);
      if (other !== undefined)
        problems.push(
          locate(
            sp,
            ["suburbs", i, "seo", field],
            `is suburbs[${other}]'s ${field} word for word: give each suburb page its own`,
          ),
        );
      else seo[field].set(s.seo[field], i);
    }
    const expected = slugFor(s.name);
    if (s.slug !== expected)
      problems.push(
        locate(
          sp,
          ["suburbs", i, "slug"],
          `expected "${expected}" (the name in lowercase with spaces as hyphens), got "${s.slug}"`,
        ),
      );
    if (seen.has(s.slug))
      problems.push(
        locate(
          sp,
          ["suburbs", i, "slug"],
          `duplicate slug "${s.slug}": suburbs[${seen.get(s.slug)}] has it already`,
        ),
      );
    else seen.set(s.slug, i);
    // Every cited page is listed under sources:, so the page's list of sources is complete.
    const listed = new Set(s.sources.map((x) => x.url));
    const cited: [(string | number)[], string][] = [];
    for (const key of [
      "population",
      "medianHousePrice",
      "medianRent",
      "medianUnitPrice",
      "medianUnitRent",
      "censusMedianWeeklyRent",
    ] as const) {
      const figure = s[key];
      if (figure) cited.push([[key, "source"], figure.source]);
    }
    s.schools.forEach((school, j) => cited.push([["schools", j, "source"], school.source]));
    for (const [at, url] of cited) {
      if (!listed.has(url))
        problems.push(
          locate(
            sp,
            ["suburbs", i, ...at],
            `${JSON.stringify(url)} is not listed under sources: add it there with its citation`,
          ),
        );
    }
    s.nearby.forEach((n, j) => {
      if (!known.has(n))
        problems.push(
          locate(
            sp,
            ["suburbs", i, "nearby", j],
            `names a suburb that does not exist: "${n}" (no entry in content/suburbs.yaml has that slug)`,
          ),
        );
      else if (n === s.slug)
        problems.push(locate(sp, ["suburbs", i, "nearby", j], `a suburb cannot be its own neighbour`));
    });
  });
  return problems;
}

/** Each service's page address and form option is its own: a second would share the first's page or name. */
function serviceProblems(services: ServiceData[], vp: Parsed): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const seen = new Map<string, number>();
  services.forEach((s, i) => {
    for (const field of ["slug", "formValue"] as const) {
      const key = `${field}:${s[field]}`;
      if (seen.has(key))
        problems.push(
          locate(
            vp,
            ["services", i, field],
            `duplicate ${field} "${s[field]}": services[${seen.get(key)}] has it already`,
          ),
        );
      else seen.set(key, i);
    }
  });
  return problems;
}

/**
 * What names a service or an add-on must name one that exists: a service's add-ons, the price table's
 * services and their add-ons, the suburb pages' offer; and a service with the bond back guarantee needs its
 * days in site.yaml's claims.
 */
function serviceReferences(
  files: { [K in Referring]: FileValue<K> } & { pricing?: FileValue<"pricing"> },
  parsed: Record<Referring, Parsed> & { pricing?: Parsed },
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const services = files.services.services;
  const addOns = addOnIds(files.addOns.addOns, parsed.addOns, problems);
  const offered = new Map(services.map((s) => [s.formValue, s.addOns]));
  const serviceList = services.map((s) => s.formValue).join(", ");
  services.forEach((s, i) =>
    s.addOns.forEach((id, j) => {
      if (!addOns.has(id))
        problems.push(
          locate(
            parsed.services,
            ["services", i, "addOns", j],
            `names no add-on in add-ons.yaml: "${id}"${known(addOns)}`,
          ),
        );
    }),
  );
  if (!offered.has(files.suburbPages.offer.service))
    problems.push(
      locate(
        parsed.suburbPages,
        ["offer", "service"],
        `names no service in services.yaml: "${files.suburbPages.offer.service}" (its formValues: ${serviceList})`,
      ),
    );
  const bond = services.findIndex((s) => s.guarantee === "bond-back");
  if (bond >= 0 && files.site.claims.bondBackGuaranteeDays === undefined)
    problems.push(
      locate(
        parsed.site,
        ["claims"],
        `has no bondBackGuaranteeDays, which services.yaml's services[${bond}] "${services[bond].slug}" promises (guarantee: bond-back): write its days`,
      ),
    );
  problems.push(...claimStandIns(files, parsed));
  files.pricing?.services.forEach((priced, i) => {
    const at = (...rest: (string | number)[]) => ["services", i, ...rest];
    const offers = offered.get(priced.service);
    if (!offers)
      return problems.push(
        locate(
          parsed.pricing!,
          at("service"),
          `names no service in services.yaml: "${priced.service}" (its formValues: ${serviceList})`,
        ),
      );
    priced.addOns.forEach((a, j) => {
      if (!offers.includes(a.id))
        problems.push(
          locate(
            parsed.pricing!,
            at("addOns", j, "id"),
            addOns.has(a.id)
              ? `"${a.id}" is not one of ${priced.service}'s add-ons in services.yaml (${offers.join(", ") || "it offers none"}): add it there or leave it out here`
              : `names no add-on in add-ons.yaml: "${a.id}"${known(addOns)}`,
          ),
        );
    });
  });
  return problems;
}

/** A claim the suburb pages' words stand in for must be one site.yaml has. */
function claimStandIns(
  { site, suburbPages }: { site: FileValue<"site">; suburbPages: FileValue<"suburbPages"> },
  parsed: { suburbPages: Parsed },
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const visit = (value: unknown, at: string[]) => {
    if (typeof value === "string") {
      for (const [found, name] of value.matchAll(PLACEHOLDER))
        if (CLAIM_STAND_INS.has(name) && site.claims[name as keyof typeof site.claims] === undefined)
          problems.push(
            locate(
              parsed.suburbPages,
              at,
              `${found} stands for site.yaml's claims.${name}, which it does not have: write it there`,
            ),
          );
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) visit(v, [...at, k]);
  };
  visit(suburbPages, []);
  return problems;
}

/** The add-ons' ids, each used once (a second is a problem). */
function addOnIds(addOns: AddOnData[], ap: Parsed, problems: ContentProblem[]): Set<string> {
  const seen = new Map<string, number>();
  addOns.forEach((a, i) => {
    if (seen.has(a.id))
      problems.push(
        locate(ap, ["addOns", i, "id"], `duplicate id "${a.id}": addOns[${seen.get(a.id)}] has it already`),
      );
    else seen.set(a.id, i);
  });
  return new Set(seen.keys());
}

/** The suburb pages' stand-ins that are site.yaml's claims. */
const CLAIM_STAND_INS = new Set(
  Object.keys(SUBURB_PLACEHOLDERS).filter((k) =>
    SUBURB_PLACEHOLDERS[k as keyof typeof SUBURB_PLACEHOLDERS].includes("claims."),
  ),
);

const known = (ids: Set<string>) => (ids.size ? ` (its ids: ${[...ids].join(", ")})` : " (it lists none)");
