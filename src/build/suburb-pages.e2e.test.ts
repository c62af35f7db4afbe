/**
 * Every built suburb page, read as the visitor receives it: sources shown as
 * citations on their publishers' pages, no weak figure, "an" before a vowel.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aOrAn } from "../templates/grammar.ts";
import { copyHostOf } from "../content/copy-hosts.ts";
import { loadContent } from "./content/load.ts";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { decodeEntities, visibleText } from "../testing/html.ts";

const content = loadContent("content");
const facts = JSON.parse(readFileSync("src/content/suburb-facts.json", "utf8")).suburbs as Record<
  string,
  any
>[];

const textOf = visibleText;
/** Every link on the page: its address and the text a reader sees. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: decodeEntities(m[1]),
    text: textOf(m[2]).trim(),
  }));

/**
 * Dollar amounts in a text as numbers: "$1.305 million" → 1305000, "$629K" → 629000, "$1,335,000" → 1335000.
 */
function amounts(text: string): number[] {
  return [...text.matchAll(/\$(\d[\d,]*(?:\.\d+)?)\s*(million\b|m\b|k\b)?/gi)].map((m) => {
    const n = Number(m[1].replace(/,/g, ""));
    const unit = m[2]?.toLowerCase();
    return Math.round(unit === "million" || unit === "m" ? n * 1e6 : unit === "k" ? n * 1e3 : n);
  });
}

/** Every figure in the facts file marked weak (no reputable original), with where it sits. */
function weakFigures(f: Record<string, any>): { where: string; value: string }[] {
  const found: { where: string; value: string }[] = [];
  for (const key of [
    "population",
    "medianHousePrice",
    "medianHouseRent",
    "medianUnitPrice",
    "medianUnitRent",
  ]) {
    for (const [i, fig] of [f[key], ...(f[key]?.alsoSeen ?? [])].entries()) {
      if (fig && typeof fig === "object" && fig.weak)
        found.push({ where: i === 0 ? key : `${key}.alsoSeen[${i - 1}]`, value: fig.value });
    }
  }
  return found;
}

/** Suburbs whose names start with a vowel sound, as the issue lists them. */
const VOWEL_SOUND = ["annerley", "ascot", "indooroopilly", "east-brisbane", "upper-kedron"];
/** What the facts file records for a suburb added after it was collected: no weak figure to keep out. */
const NOT_RESEARCHED = { schools: [] };

describe("a/an before a word", () => {
  it("follows the sound, not only the letter", () => {
    expect(
      ["Annerley", "Ascot", "Indooroopilly", "East Brisbane", "Upper Kedron", "Ormiston", "hour"].map(aOrAn),
    ).toEqual(["an", "an", "an", "an", "an", "an", "an"]);
    expect(["Toowong", "Bulimba", "unit", "European", "one-off", "Yeronga", "house"].map(aOrAn)).toEqual([
      "a",
      "a",
      "a",
      "a",
      "a",
      "a",
      "a",
    ]);
  });

  it("gives an to each vowel-sound suburb the issue lists, and a to each suburb whose name starts with a consonant", () => {
    const vowel = content.suburbs.filter((s) => VOWEL_SOUND.includes(s.slug));
    expect(vowel.length).toBeGreaterThan(0);
    for (const s of vowel) expect(aOrAn(s.name), s.name).toBe("an");
    for (const s of content.suburbs.filter((s) => /^[^aeiou]/i.test(s.name)))
      expect(aOrAn(s.name), s.name).toBe("a");
  });
});

describe.each(content.suburbs.map((s) => [s.slug, s] as const))("the page for %s", (slug, suburb) => {
  const html = readFileSync(path.join(DIST_DIR, "suburbs", slug, "index.html"), "utf8");
  const text = textOf(html);
  const links = linksOf(html);
  const external = links.filter((l) => /^[a-z][a-z0-9+.-]*:\/\//i.test(l.href));

  it("links to no copy host, and to no source other than over https at a domain name", () => {
    expect(links.filter((l) => copyHostOf(l.href)).map((l) => l.href)).toEqual([]);
    expect(
      external
        .filter(
          (l) =>
            !/^https:\/\/[^/?#:@]+(?:[/?#]|$)/.test(l.href) || /^https:\/\/\d+\.\d+\.\d+\.\d+/.test(l.href),
        )
        .map((l) => l.href),
    ).toEqual([]);
  });

  it("shows each source as its citation, linked to its page, never as an address", () => {
    const citations = new Map(suburb.sources.map((s) => [s.url, s.citation]));
    expect(external.length).toBeGreaterThanOrEqual(suburb.sources.length);
    for (const link of external) {
      expect(link.text, link.href).not.toMatch(/:\/\/|^www\.|^[\w-]+(?:\.[\w-]+)+(?:\/|$)/);
      expect(link.text, link.href).toBe(citations.get(link.href));
    }
    // Every listed source is on the page, in the "Sources for the figures on this page" list.
    const list = html.slice(html.indexOf("Sources for the figures on this page"));
    expect(linksOf(list).map((l) => [l.href, l.text])).toEqual(
      expect.arrayContaining(suburb.sources.map((s) => [s.url, s.citation])),
    );
  });

  it("shows no figure that has no reputable source", () => {
    const f = facts.find((x) => x.slug === slug) ?? NOT_RESEARCHED;
    const onPage = new Set(amounts(text));
    for (const weak of weakFigures(f)) {
      for (const amount of amounts(weak.value))
        expect(onPage.has(amount), `${weak.where} ${weak.value} is on the page`).toBe(false);
    }
    for (const school of f.schools.filter((s: any) => s.weak))
      expect(text, school.name).not.toContain(school.name);
  });

  it("shows at least one figure in its prices box, each with its source linked, and never says a median was not found", () => {
    const box = html.slice(html.indexOf('aria-labelledby="prices-title"'));
    const rows = [...box.slice(0, box.indexOf("</aside>")).matchAll(/<dt[^>]*>([\s\S]*?)<\/div>/g)].map(
      (m) => ({ text: textOf(m[1]), links: linksOf(m[1]) }),
    );
    expect(rows.length).toBeGreaterThan(0);
    const cited = new Map(suburb.sources.map((s) => [s.url, s.citation]));
    for (const row of rows) {
      expect(row.text, row.text).toMatch(/\$\d/);
      expect(row.links, row.text).toHaveLength(1);
      expect(row.links[0].text, row.text).toBe(cited.get(row.links[0].href));
    }
    const census = suburb.censusMedianWeeklyRent;
    if (census)
      expect(rows.map((r) => r.text)).toContainEqual(
        expect.stringContaining(`Median weekly rent at the ${census.year} Census ${census.value} `),
      );
    expect(text).not.toMatch(/haven't found|not found|no recent published|on file|show none/i);
  });

  it("quotes no dollar figure in its words that is not one of its cited figures", () => {
    // The citations' titles are the publishers' words ("goes for $1.8 million at auction"): not ours.
    const words = textOf(html.replace(/<a\s[^>]*>[\s\S]*?<\/a>/g, " "));
    const figures = [
      suburb.medianHousePrice,
      suburb.medianRent,
      suburb.medianUnitPrice,
      suburb.medianUnitRent,
      suburb.censusMedianWeeklyRent,
    ].flatMap((f) => (f ? amounts(f.value) : []));
    for (const amount of amounts(words)) expect(figures, `$${amount}`).toContain(amount);
  });

  it(`says "${aOrAn(suburb.name)} ${suburb.name}", never the other article`, () => {
    const article = aOrAn(suburb.name);
    const wrong = article === "an" ? "[Aa]" : "[Aa]n";
    expect(text).toContain(`Moving out of ${article} ${suburb.name} rental?`);
    expect(text).not.toMatch(new RegExp(`\\b${wrong} ${suburb.name}\\b`));
  });
});
