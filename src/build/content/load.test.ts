import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CORE_SCHEMA, load as readYaml } from "js-yaml";
import { Image } from "../../content/schema/common.ts";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { headerSuburbs, homeGridSuburbs } from "../../content/routes.ts";
import { contentLists } from "../../testing/content-lists.ts";
import { brokenContent, lineOf, problemsOf } from "../../testing/content-problems.ts";
import { contentWithNewSuburb } from "../../testing/new-suburb.ts";
import { loadContent } from "./load.ts";

/**
 * A copy of content/ with one suburb more, added as the owner adds one (npm run new-suburb, then each FILL IN
 * written) and shown on the home page.
 */
const WITH_NEW_SUBURB = contentWithNewSuburb("Quokka Flats", "4055", { homeGrid: true });

describe("a suburb added by npm run new-suburb", () => {
  it("is one more suburb, one more header link and one more home grid card, as suburbs.yaml lists them", () => {
    const before = contentLists("content");
    const after = contentLists(WITH_NEW_SUBURB);
    expect(after.suburbs).toEqual([...before.suburbs, "quokka-flats"]);
    expect(after.header).toEqual([...before.header, "quokka-flats"]);
    expect(after.homeGrid).toEqual([...before.homeGrid, "quokka-flats"]);
    expect(loadContent(WITH_NEW_SUBURB).suburbs).toHaveLength(loadContent("content").suburbs.length + 1);
  });
});

// Every check on the owner's content holds as well once the owner adds a suburb: none counts what content/
// lists.
describe.each([
  ["the real content", "content"],
  ["the content with a suburb added by npm run new-suburb", WITH_NEW_SUBURB],
])("%s", (_, dir) => {
  const content = loadContent(dir);
  const listed = contentLists(dir);

  it("passes every schema and cross-check", () => {
    expect(content.services.length).toBeGreaterThan(0);
    expect(content.faq.map((f) => f.question)).toEqual(listed.questions);
  });

  it("reads to the same values with js-yaml, which builds it, as with yaml, which points at its problems", () => {
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
      const text = readFileSync(path.join(dir, file), "utf8");
      expect(readYaml(text, { schema: CORE_SCHEMA }), file).toEqual(parse(text, { uniqueKeys: true }));
    }
  });

  it("has every suburb suburbs.yaml lists, in the header unless it says header: false, in the home grid where it says homeGrid: true", () => {
    const slugs = (suburbs: { slug: string }[]) => suburbs.map((s) => s.slug);
    expect(slugs(content.suburbs)).toEqual(listed.suburbs);
    expect(slugs(headerSuburbs(content))).toEqual(listed.header);
    expect(slugs(homeGridSuburbs(content))).toEqual(listed.homeGrid);
  });

  // The facts file the team collected the figures in, kept in the project (a checkout alone can check them),
  // with the Census rent its additions file gives each suburb.
  const readFacts = (file: string) =>
    JSON.parse(readFileSync(`src/content/${file}`, "utf8")).suburbs as Record<string, any>[];
  const additions = readFacts("suburb-facts-additions.json");
  const facts = readFacts("suburb-facts.json").map((f) => ({
    ...f,
    ...additions.find((a) => a.slug === f.slug),
  }));
  /**
   * The suburbs the facts file has figures for; one added since is held to the build's rules for sources
   * alone.
   */
  const researched = content.suburbs.filter((s) => facts.some((f) => f.slug === s.slug));

  it("gives each suburb the facts file has its postcode there", () => {
    expect(researched.length).toBeGreaterThan(0);
    for (const s of researched)
      expect(s.postcode, s.slug).toBe(facts.find((f) => f.slug === s.slug)!.postcode);
  });

  it("takes every figure of a suburb the facts file has from it, with its cited source, and leaves out every weak one", () => {
    /** The facts file keeps a source as collected; the content may only move it from http: to https:. */
    const canonical = (u: string) => u.replace(/^http:/, "https:");
    const shown = (f: any) => (f && !f.weak ? f : undefined);
    /**
     * Every citation the facts file gives a page, anywhere in it (figures, schools, alsoSeen), by canonical
     * address.
     */
    const citations = new Map<string, string[]>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(collect);
      if (!node || typeof node !== "object") return;
      const { source, citation } = node as { source?: unknown; citation?: unknown };
      if (typeof source === "string" && typeof citation === "string") {
        const list = citations.get(canonical(source)) ?? [];
        if (!list.includes(citation)) citations.set(canonical(source), [...list, citation]);
      }
      Object.values(node).forEach(collect);
    };
    collect(facts);
    expect(citations.size, "the facts file's cited pages").toBeGreaterThan(50);
    expect(researched.length).toBeGreaterThan(0);
    for (const s of researched) {
      const f = facts.find((x) => x.slug === s.slug)!;
      const pairs: [any, any][] = [
        [s.population, shown(f.population)],
        [s.medianHousePrice, shown(f.medianHousePrice)],
        [s.medianRent, shown(f.medianHouseRent)],
        [s.medianUnitPrice, shown(f.medianUnitPrice)],
        [s.medianUnitRent, shown(f.medianUnitRent)],
        [s.censusMedianWeeklyRent, shown(f.censusMedianWeeklyRent)],
      ];
      for (const [ours, theirs] of pairs) {
        expect([ours?.value, ours?.year], s.slug).toEqual([theirs?.value, theirs?.year]);
        if (theirs)
          expect([ours.source, ours.citation], s.slug).toEqual([canonical(theirs.source), theirs.citation]);
      }
      const schools = f.schools.filter((x: any) => !x.weak);
      expect(s.schools.map((x) => x.name).sort(), s.slug).toEqual(
        schools.map((x: { name: string }) => x.name).sort(),
      );
      for (const school of s.schools) {
        const theirs = schools.find((x: any) => x.name === school.name);
        expect(
          [school.level, school.type, school.source, school.citation],
          `${s.slug}: ${school.name}`,
        ).toEqual([theirs.level, theirs.type, canonical(theirs.source), theirs.citation]);
      }
      // Every page listed under sources: is one the facts file read or cites, at its canonical address,
      // under the facts file's citation wherever the facts file cites that page.
      const read = [
        ...f.sourcesRead,
        ...f.schools.map((x: any) => x.source),
        f.censusMedianWeeklyRent?.source,
      ]
        .filter(Boolean)
        .map(canonical);
      for (const src of s.sources) {
        expect(read, `${s.slug}: ${src.url}`).toContain(src.url);
        const cited = citations.get(src.url);
        if (cited) expect(cited, `${s.slug}: the citation of ${src.url}`).toContain(src.citation);
      }
    }
  });

  it("names each service as services.yaml does, and offers with it the add-ons it lists", () => {
    expect(content.services.find((s) => s.slug === "oven-bbq-cleaning-brisbane")!.name).toBe(
      "Oven & BBQ Cleaning Brisbane",
    );
    const ids = new Set(content.addOns.map((a) => a.id));
    for (const s of content.services) for (const id of s.addOns) expect(ids, s.slug).toContain(id);
  });

  it("gives each service one promise for the terms page, the spring clean's being a walk-through, not a re-clean", () => {
    expect(Object.fromEntries(content.services.map((s) => [s.formValue, s.guarantee]))).toEqual({
      "bond-cleaning": "bond-back",
      "spring-cleaning": "walk-through",
      "office-cleaning": "re-clean",
      "oven-bbq-cleaning": "re-clean",
      "house-cleaning": "re-clean",
      "carpet-cleaning": "re-clean",
    });
  });

  it("says on the spring cleaning page that it offers no re-cleans", () => {
    const spring = content.services.find((s) => s.formValue === "spring-cleaning")!;
    expect(JSON.stringify(spring)).toMatch(
      /no re-clean|don't include a re-clean|doesn't include a re-clean/i,
    );
  });
});

describe("a content mistake", () => {
  it("refuses an ABN whose check digits are wrong, at its line, and takes a right one written either way", () => {
    const withAbn = (abn: string) =>
      brokenContent("site.yaml", (t) => t.replace(/^businessType:/m, `abn: "${abn}"\nbusinessType:`));
    const wrong = withAbn("11 223 491 504");
    expect(problemsOf(wrong)).toEqual([
      `site.yaml:${lineOf(wrong, "site.yaml", /^abn:/)} → abn: "11 223 491 504" is not a valid ABN: its first two digits do not match the other nine (the ATO's check). Copy it again from ABN Lookup (abr.business.gov.au)`,
    ]);
    const short = withAbn("1122349150");
    expect(problemsOf(short)).toEqual([
      `site.yaml:${lineOf(short, "site.yaml", /^abn:/)} → abn: expected the 11-digit ABN, written together or in groups of 2, 3, 3 and 3 digits, got "1122349150"`,
    ]);
    expect(loadContent(withAbn("11 223 491 505")).site.abn).toBe("11 223 491 505");
    expect(loadContent(withAbn("11223491505")).site.abn).toBe("11223491505");
  });

  it("says how to mark a picture decorative, and reads a file name the editor wrote with a / in front", () => {
    const about = (edit: (text: string) => string) => brokenContent("about.yaml", edit);
    const emptyAlt = about((t) => t.replace(/^( {4})alt: .*$/m, '$1alt: ""'));
    expect(problemsOf(emptyAlt)).toEqual([
      `about.yaml:${lineOf(emptyAlt, "about.yaml", /^ {4}alt:/)} → story.image.alt: write decorative: true instead of alt: "" for a decorative image`,
    ]);
    const both = about((t) => t.replace(/^( {4})alt: (.*)$/m, "$1alt: $2\n$1decorative: true"));
    expect(problemsOf(both)).toEqual([
      `about.yaml:${lineOf(both, "about.yaml", /^ {4}alt:/)} → story.image.alt: a decorative image has no alt: remove alt, or remove decorative: true to describe the image`,
    ]);
    const slashed = about((t) => t.replace(/^( {4})src: (.*)$/m, "$1src: /$2"));
    expect(loadContent(slashed).about.story.image).toEqual(loadContent("content").about.story.image);
    // An upload from a phone, as the editor names it.
    expect(Image.parse({ src: "/img_2041.jpg", alt: "The oven after" })).toEqual({
      src: "img_2041.jpg",
      alt: "The oven after",
    });
  });

  it("refuses a site address that is not https://, the host and no path, at its line", () => {
    for (const url of [
      "http://www.example.com.au",
      "https://www.example.com.au/home",
      "www.example.com.au",
      "mailto:hello@example.com.au",
    ]) {
      const dir = brokenContent("site.yaml", (t) => t.replace(/^url: .*$/m, `url: "${url}"`));
      expect(problemsOf(dir)).toEqual([
        `site.yaml:${lineOf(dir, "site.yaml", /^url:/)} → url: expected the site's address such as "https://www.example.com.au" (https://, the host, no path), got "${url}"`,
      ]);
    }
    expect(
      loadContent(
        brokenContent("site.yaml", (t) => t.replace(/^url: .*$/m, "url: https://www.jacaranda.com.au/")),
      ).site.url,
    ).toBe("https://www.jacaranda.com.au/");
  });

  it("refuses opening hours with one time of two, closing before opening, or a day on two lines, at their lines", () => {
    const noClose = brokenContent("site.yaml", (t) =>
      t.replace('    opens: "09:00"\n    closes: "16:00"\n', '    opens: "09:00"\n'),
    );
    expect(problemsOf(noClose)).toEqual([
      `site.yaml:${lineOf(noClose, "site.yaml", /label: Sat$/)} hours[1] → closes: is missing: give both opens and closes, or neither for days the business is closed`,
    ]);
    const backwards = brokenContent("site.yaml", (t) =>
      t.replace('opens: "09:00"\n    closes: "16:00"', 'opens: "16:00"\n    closes: "09:00"'),
    );
    expect(problemsOf(backwards)).toEqual([
      `site.yaml:${lineOf(backwards, "site.yaml", /closes: "09:00"/)} hours[1] → closes: expected a time after opens ("16:00"), got "09:00"`,
    ]);
    const twice = brokenContent("site.yaml", (t) =>
      t.replace("days: [Saturday]", "days: [Saturday, Friday]"),
    );
    expect(problemsOf(twice)).toEqual([
      `site.yaml:${lineOf(twice, "site.yaml", /days: \[Saturday, Friday\]/)} hours[1] → days[1]: Friday is in hours[0] already: give each day one line`,
    ]);
  });

  it("refuses a promise written with another figure than site.yaml's claims, at each line that still says the old one", () => {
    const dir = brokenContent("site.yaml", (t) =>
      t.replace("bondBackGuaranteeDays: 7", "bondBackGuaranteeDays: 14"),
    );
    const problems = problemsOf(dir);
    const old = readFileSync(path.join(dir, "services.yaml"), "utf8").match(
      /7-day bond back guarantee/gi,
    )!.length;
    expect(problems.filter((p) => p.startsWith("services.yaml:"))).toHaveLength(old);
    expect(problems[0]).toMatch(
      /^\w+\.yaml:\d+ .*→ [\w.[\]]+: says "7-day bond back guarantee", but site\.yaml's claims\.bondBackGuaranteeDays is 14, the bond back guarantee's days the terms and every page built from claims give: write the same figure in both$/,
    );
    expect(problems.every((p) => p.includes("claims.bondBackGuaranteeDays is 14"))).toBe(true);
    // The re-clean window, in its two wordings, and the discount, each against its own claim.
    const window = brokenContent("site.yaml", (t) =>
      t
        .replace("recleanWindowHours: 72", "recleanWindowHours: 48")
        .replace("firstCleanDiscountPercent: 10", "firstCleanDiscountPercent: 15"),
    );
    const said = problemsOf(window).map((p) => /says "([^"]+)"/.exec(p)![1]);
    expect(new Set(said.map((s) => s.replace(/\d+/, "N").toLowerCase()))).toEqual(
      new Set(["n-hour", "n hours", "re-clean within n hours", "n% off"]),
    );
  });

  it("names file, line, entry and field in the editor's words", () => {
    const dir = brokenContent("suburbs.yaml", (t) => t.replace(/postcode: "4171"/, 'postcode: "417"'));
    const line = lineOf(dir, "suburbs.yaml", /postcode: "417"$/);
    expect(problemsOf(dir)).toEqual([
      `suburbs.yaml:${line} suburbs[5] "bulimba" → postcode: expected 4 digits, got "417"`,
    ]);
  });

  it("lists every problem in every file at once", () => {
    const dir = brokenContent("suburbs.yaml", (t) =>
      t
        .replace(/postcode: "4171"/, 'postcode: "417"')
        .replace(/level: Primary/, "level: Kindergarten")
        .replace(/- slug: toowong/, "- slug: annerley"),
    );
    writeFileSync(
      path.join(dir, "faq.yaml"),
      readFileSync(path.join(dir, "faq.yaml"), "utf8").replace(/^(\s*)answer:/m, "$1answr:"),
    );
    const problems = problemsOf(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^suburbs\.yaml:\d+ suburbs\[5\] "bulimba" → postcode: expected 4 digits, got "417"$/,
        ),
        expect.stringMatching(
          /^suburbs\.yaml:\d+ suburbs\[0\] "annerley" → schools\[0\]\.level: expected one of Primary, Secondary, Combined, Tertiary, got "Kindergarten"$/,
        ),
        expect.stringMatching(/^faq\.yaml:\d+ faq\[0\] ".+" → answer: is required but missing: add it$/),
        expect.stringMatching(/^faq\.yaml:\d+ faq\[0\] ".+" → unknown field "answr": check the spelling$/),
      ]),
    );
  });

  it("rejects a suburb copied from another and renamed, until its own title and description are written", () => {
    // As suburbs.yaml's first lines say to start one: copy an entry, here Annerley's, and change the slug and
    // name.
    const dir = brokenContent("suburbs.yaml", (t) => {
      const annerley = t.slice(t.indexOf("  - slug: annerley"), t.indexOf("  - slug: toowong"));
      return `${t.trimEnd()}\n${annerley.replace("slug: annerley", "slug: annerley-west").replace('name: "Annerley"', 'name: "Annerley West"').trimEnd()}\n`;
    });
    const problems = problemsOf(dir).filter((p) => p.includes('"annerley-west"'));
    expect(problems).toEqual([
      expect.stringMatching(
        /^suburbs\.yaml:\d+ suburbs\[\d+\] "annerley-west" → seo\.title: does not name the suburb: write "Annerley West" in it, as search results show the title alone$/,
      ),
      expect.stringMatching(
        /^suburbs\.yaml:\d+ suburbs\[\d+\] "annerley-west" → seo\.title: is suburbs\[0\]'s title word for word: give each suburb page its own$/,
      ),
      expect.stringMatching(
        /^suburbs\.yaml:\d+ suburbs\[\d+\] "annerley-west" → seo\.description: is suburbs\[0\]'s description word for word: give each suburb page its own$/,
      ),
    ]);
  });

  it("rejects a duplicate slug and a nearby suburb that does not exist", () => {
    const dir = brokenContent("suburbs.yaml", (t) =>
      t
        .replace(/- slug: toowong\n(\s+)name: "Toowong"/, '- slug: annerley\n$1name: "Annerley"')
        .replace(/nearby: \[/, "nearby: [atlantis, "),
    );
    const problems = problemsOf(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^suburbs\.yaml:\d+ suburbs\[1\] "annerley" → slug: duplicate slug "annerley": suburbs\[0\] has it already$/,
        ),
        expect.stringMatching(
          /^suburbs\.yaml:\d+ suburbs\[0\] "annerley" → nearby\[0\]: names a suburb that does not exist: "atlantis"/,
        ),
      ]),
    );
  });

  it("rejects a slug that is not the name in lowercase with hyphens", () => {
    const dir = brokenContent("suburbs.yaml", (t) => t.replace(/- slug: west-end/, "- slug: westend"));
    expect(problemsOf(dir)).toContainEqual(
      expect.stringMatching(
        /suburbs\[3\] "westend" → slug: expected "west-end" \(the name in lowercase with spaces as hyphens\), got "westend"$/,
      ),
    );
  });

  it.each([
    ["https://PIGLIX.com/Toowong", "is on a site that copies other sites' pages"],
    [
      "https://layarlensa.info/brisbane-house-prices-hit-a-record-high-and-one-suburb-nears-a-3m-median-31517.html",
      "is on a site that copies other sites' pages",
    ],
    ["https://2130706433/wiki/Toowong", "is a bare IP address"],
    ["https://0x7f000001/wiki/Toowong", "is a bare IP address"],
    ["https://[2001:db8::1]/wiki/Toowong", "is a bare IP address"],
    [
      "https://pig%6Cix.com/Toowong",
      "has a site name with characters other than letters, digits, dots and hyphens",
    ],
  ])("refuses the source %s", (address, why) => {
    const line = lineOf("content", "suburbs.yaml", /url: "https:\/\/en\.wikipedia\.org\/wiki\/Toowong"$/);
    const dir = brokenContent("suburbs.yaml", (t) =>
      t.replace('url: "https://en.wikipedia.org/wiki/Toowong"', `url: "${address}"`),
    );
    const problems = problemsOf(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      `suburbs.yaml:${line} suburbs[1] "toowong" → sources[0].url: ${JSON.stringify(address)} ${why}`,
    );
  });

  it("refuses a source on a copy host, without a citation, not on https, on a bare IP address or with a port", () => {
    const dir = brokenContent("suburbs.yaml", (t) =>
      t
        .replace(
          'source: "https://en.wikipedia.org/wiki/Annerley"',
          'source: "https://kids.kiddle.co/Annerley,_Queensland"',
        )
        .replace(/(\n\s+)citation: "Junction Park State School \(Wikipedia\)"/, "")
        .replace(
          'url: "https://en.wikipedia.org/wiki/Toowong"',
          'url: "http://en.wikipedia.org/wiki/Toowong"',
        )
        .replace(
          'url: "https://en.wikipedia.org/wiki/Paddington,_Queensland"',
          'url: "https://108.161.137.60/piglix/Paddington"',
        )
        .replace(
          'url: "https://en.wikipedia.org/wiki/West_End,_Queensland"',
          'url: "https://en.wikipedia.org:8443/wiki/West_End,_Queensland"',
        ),
    );
    const line = (re: RegExp) => lineOf(dir, "suburbs.yaml", re);
    expect(problemsOf(dir)).toEqual(
      expect.arrayContaining([
        `suburbs.yaml:${line(/kiddle/)} suburbs[0] "annerley" → population.source: "https://kids.kiddle.co/Annerley,_Queensland" is on a site that copies other sites' pages (src/content/copy-hosts.ts): cite the original publisher's page`,
        `suburbs.yaml:${line(/name: "Junction Park State School"/)} suburbs[0] "annerley" → schools[0].citation: every source needs a citation: the publisher, the title and the date where known`,
        `suburbs.yaml:${line(/http:\/\/en.wikipedia.org\/wiki\/Toowong/)} suburbs[1] "toowong" → sources[0].url: expected an https:// address, got "http://en.wikipedia.org/wiki/Toowong"`,
        `suburbs.yaml:${line(/108\.161/)} suburbs[2] "paddington" → sources[0].url: "https://108.161.137.60/piglix/Paddington" is a bare IP address, not a publisher's site: cite the page at its domain name`,
        expect.stringMatching(
          /^suburbs\.yaml:\d+ suburbs\[3\] "west-end" → sources\[0\]\.url: "https:\/\/en\.wikipedia\.org:8443\/.*" names a port or a user: cite the page at its usual address/,
        ),
      ]),
    );
  });

  it("refuses a figure whose source is not listed under sources:", () => {
    const dir = brokenContent("suburbs.yaml", (t) =>
      t.replace(
        /\n {6}- citation: "Wikipedia: Annerley"\n {8}url: "https:\/\/en.wikipedia.org\/wiki\/Annerley"/,
        "",
      ),
    );
    expect(problemsOf(dir)).toEqual([
      `suburbs.yaml:${lineOf(dir, "suburbs.yaml", /source: "https:\/\/en.wikipedia.org\/wiki\/Annerley"/)} suburbs[0] "annerley" → population.source: "https://en.wikipedia.org/wiki/Annerley" is not listed under sources: add it there with its citation`,
    ]);
  });

  it("refuses a Census rent without its source, without a citation, or not written in dollars, at its line", () => {
    const annerley = (edit: (entry: string) => string) =>
      brokenContent("suburbs.yaml", (t) => {
        const [start, end] = [t.indexOf("  - slug: annerley"), t.indexOf("  - slug: toowong")];
        return t.slice(0, start) + edit(t.slice(start, end)) + t.slice(end);
      });
    const quickstats = "https://abs.gov.au/census/find-census-data/quickstats/2021/SAL30064";
    const unlisted = annerley((e) => e.replace(/\n {6}- citation: "ABS, [^\n]*\n {8}url: [^\n]*/, ""));
    expect(problemsOf(unlisted)).toEqual([
      `suburbs.yaml:${lineOf(unlisted, "suburbs.yaml", /source: "https:\/\/abs\.gov\.au/)} suburbs[0] "annerley" → censusMedianWeeklyRent.source: "${quickstats}" is not listed under sources: add it there with its citation`,
    ]);
    const bare = annerley((e) =>
      e.replace(/(censusMedianWeeklyRent:\n(?: {6}.*\n){2}) {6}source: .*\n {6}citation: .*\n/, "$1"),
    );
    // A missing key is reported at the first line of its mapping.
    const at = lineOf(bare, "suburbs.yaml", /value: "\$360"$/);
    expect(problemsOf(bare)).toEqual([
      `suburbs.yaml:${at} suburbs[0] "annerley" → censusMedianWeeklyRent.source: expected a full web address starting with https://, got undefined`,
      `suburbs.yaml:${at} suburbs[0] "annerley" → censusMedianWeeklyRent.citation: every source needs a citation: the publisher, the title and the date where known`,
    ]);
    const weekly = annerley((e) => e.replace('value: "$360"', 'value: "$360/week"'));
    expect(problemsOf(weekly)).toEqual([
      `suburbs.yaml:${lineOf(weekly, "suburbs.yaml", /\$360\/week/)} suburbs[0] "annerley" → censusMedianWeeklyRent.value: expected dollars as the ABS writes them, such as "$380", got "$360/week"`,
    ]);
  });

  it("reports a YAML syntax error with its line", () => {
    const dir = brokenContent("site.yaml", (t) => t.replace(/^phone: .*$/m, 'phone: "0491 570 156'));
    expect(problemsOf(dir)[0]).toMatch(
      new RegExp(`^site\\.yaml:${lineOf(dir, "site.yaml", /^phone:/)} → YAML syntax: `),
    );
  });

  it("reports a field written twice in one entry, at the second", () => {
    const dir = brokenContent("suburbs.yaml", (t) =>
      t.replace(/^(\s+)postcode: "4171"$/m, '$1postcode: "4171"\n$1postcode: "4172"'),
    );
    expect(problemsOf(dir)).toEqual([
      `suburbs.yaml:${lineOf(dir, "suburbs.yaml", /postcode: "4172"/)} → YAML syntax: "postcode" is written twice in the same group: keep one`,
    ]);
  });

  it("points an unknown field at its own line, not its entry's", () => {
    const dir = brokenContent("suburbs.yaml", (t) =>
      t.replace(/^( +)postcode: "4066"$/m, '$1postcode: "4066"\n$1postocde: "4066"'),
    );
    expect(problemsOf(dir)).toEqual([
      `suburbs.yaml:${lineOf(dir, "suburbs.yaml", /postocde:/)} suburbs[1] "toowong" → unknown field "postocde": check the spelling`,
    ]);
  });

  it("refuses a service offering an add-on add-ons.yaml does not list, at its line", () => {
    const dir = brokenContent("services.yaml", (t) =>
      t.replace("addOns: [carpet-steam, inside-windows, blinds]", "addOns: [carpet-steam, jacuzzi, blinds]"),
    );
    expect(problemsOf(dir)).toEqual([
      `services.yaml:${lineOf(dir, "services.yaml", /jacuzzi/)} services[2] "office-cleaning-brisbane" → addOns[1]: names no add-on in add-ons.yaml: "jacuzzi" (its ids: carpet-steam, oven, inside-windows, walls, garage, blinds, balcony)`,
    ]);
  });

  it("refuses an add-on id used twice, and an offer on the suburb pages for a service there is not", () => {
    const dir = brokenContent(
      "add-ons.yaml",
      (t) => `${t}  - { id: oven, label: Oven, short: oven, unit: oven, max: 1 }\n`,
    );
    writeFileSync(
      path.join(dir, "suburb-pages.yaml"),
      readFileSync(path.join(dir, "suburb-pages.yaml"), "utf8").replace(
        "service: bond-cleaning",
        "service: ovens",
      ),
    );
    expect(problemsOf(dir)).toEqual([
      `add-ons.yaml:${lineOf(dir, "add-ons.yaml", /id: oven, label: Oven,/)} addOns[7] "oven" → id: duplicate id "oven": addOns[1] has it already`,
      `suburb-pages.yaml:${lineOf(dir, "suburb-pages.yaml", /service: ovens/)} → offer.service: names no service in services.yaml: "ovens" (its formValues: bond-cleaning, spring-cleaning, office-cleaning, oven-bbq-cleaning, house-cleaning, carpet-cleaning)`,
    ]);
  });

  it("refuses a bond back guarantee without its days: the service promises it, the suburb pages quote it", () => {
    const dir = brokenContent("site.yaml", (t) => t.replace(/^ {2}bondBackGuaranteeDays: 7\n/m, ""));
    const problems = problemsOf(dir);
    expect(problems).toContain(
      `site.yaml:${lineOf(dir, "site.yaml", /^claims:/) + 1} → claims: has no bondBackGuaranteeDays, which services.yaml's services[0] "bond-cleaning-brisbane" promises (guarantee: bond-back): write its days`,
    );
    expect(problems).toContain(
      `suburb-pages.yaml:${lineOf(dir, "suburb-pages.yaml", /^ {2}text:/)} → offer.text: {bondBackGuaranteeDays} stands for site.yaml's claims.bondBackGuaranteeDays, which it does not have: write it there`,
    );
    // And every text that quotes the guarantee's days, as claim-figures.ts checks them.
    expect(problems).toContain(
      `services.yaml:${lineOf(dir, "services.yaml", /^ {6}- title: 7-day bond back guarantee/)} services[0] "bond-cleaning-brisbane" → features[1].title: says "7-day bond back guarantee", but site.yaml's claims has no bondBackGuaranteeDays: write the bond back guarantee's days there, as the terms state it`,
    );
  });

  it("refuses a page promising to beat a written quote once the terms make no such promise", () => {
    const dir = brokenContent("site.yaml", (t) => t.replace(/^ {2}beatsAWrittenQuote: true\n/m, ""));
    const problems = problemsOf(dir);
    expect(problems).toContain(
      `home.yaml:${lineOf(dir, "home.yaml", /^ {4}- We beat any written quote$/)} bondIntro.points[2] → says "beat any written quote", but site.yaml's claims does not say beatsAWrittenQuote: true, so the terms make no such promise: write it there, or leave the promise out here`,
    );
    expect(problems.every((p) => p.includes("beatsAWrittenQuote"))).toBe(true);
  });

  it("refuses a stand-in on the suburb pages that stands for nothing, at its line", () => {
    const dir = brokenContent("suburb-pages.yaml", (t) => t.replace("{suburb} {postcode}", "{suburb} {zip}"));
    expect(problemsOf(dir)).toEqual([
      `suburb-pages.yaml:${lineOf(dir, "suburb-pages.yaml", /^title:/)} → title: {zip} stands for nothing: write one of {suburb}, {postcode}, {a}, {km}, {bondBackGuaranteeDays}, {recleanWindowHours}, {firstCleanDiscountPercent}`,
    ]);
  });

  it("reports a wrong type with what was found", () => {
    const dir = brokenContent("site.yaml", (t) => t.replace(/copyrightYear: 2024/, "copyrightYear: twenty"));
    expect(problemsOf(dir)).toEqual([
      `site.yaml:${lineOf(dir, "site.yaml", /^copyrightYear/)} → copyrightYear: expected a number, got "twenty"`,
    ]);
  });
});
