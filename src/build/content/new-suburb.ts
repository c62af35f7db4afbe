/**
 * `npm run new-suburb -- "Quokka Flats" 4055`: appends a complete entry to
 * content/suburbs.yaml, with every field the maintainer must write holding a
 * "FILL IN: ..." hint. The build refuses the entry, naming each such field,
 * until every one is written (or, for optional ones, deleted).
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import { postcode as postcodeRule, slug as slugRule } from "../../content/schema/common.ts";
import { slugFor } from "./cross-check.ts";
import { FILL_IN } from "./fill-in.ts";
import { formatProblem } from "./problems.ts";
import { readParsed, readValues, type Parsed } from "./read-file.ts";
import { fillStandIns } from "../../content/schema/suburb-pages.ts";
import { aOrAn } from "../../templates/grammar.ts";

export class NewSuburbError extends Error {}

const fill = (hint: string) => JSON.stringify(`${FILL_IN} ${hint}`);
/** A number to write: the field left empty, the marker a comment, so what is typed there is a number. */
const fillNumber = (hint: string) => ` # ${FILL_IN} ${hint}`;
const SOURCE_HINT =
  "the original publisher's https:// page (never a copy or mirror), also listed under sources:";
const CITATION_HINT =
  'publisher, title and date as a reader should see them, e.g. "The Age, 28 April 2025: the article title"';

const QUICKSTATS_EXAMPLE = "https://abs.gov.au/census/find-census-data/quickstats/2021/SAL30064";

function figure(what: string, example: string): string[] {
  return [
    `      value: ${fill(`${what} as published, e.g. "${example}"; delete this whole figure if no reputable source publishes it`)}`,
    `      asOf: ${fill('who measured it and when, e.g. "Domain House Price Report, April 2025"')}`,
    `      source: ${fill(SOURCE_HINT)}`,
    `      citation: ${fill(CITATION_HINT)}`,
  ];
}

/** The ABS's figure every suburb has, read from its QuickStats page (decision 0085). */
function censusRent(name: string): string[] {
  return [
    `    censusMedianWeeklyRent:`,
    `      value: ${fill(`the median weekly rent at the 2021 Census, e.g. "$380": search "${name}" at https://abs.gov.au/census, open its 2021 QuickStats for Suburbs and Localities, and copy "Median weekly rent"`)}`,
    `      year: 2021`,
    `      source: ${fill(`that QuickStats page's address, like "${QUICKSTATS_EXAMPLE}", also listed under sources:`)}`,
    `      citation: ${fill(`e.g. "ABS, 2021 Census All persons QuickStats: ${name} (SAL code, Suburbs and Localities) - Median weekly rent"`)}`,
  ];
}

/**
 * The YAML text of a new entry, indented to sit in the suburbs: list; `words`: the suburb pages' title and
 * heading (suburb-pages.yaml), which its title and hints name the suburb by.
 */
export function suburbEntry(
  name: string,
  postcode: string,
  siteName: string,
  words: { title: string; pointsHeading: string },
): string {
  const slug = slugFor(name);
  const said = (text: string) => fillStandIns(text, { suburb: name, postcode, a: aOrAn(name) });
  const lines = [
    `  - slug: ${slug}`,
    `    name: ${JSON.stringify(name)}`,
    `    postcode: ${JSON.stringify(postcode)}`,
    `    population:`,
    `      value: ${fill('residents at the 2021 Census, e.g. "11,891"; delete population if no source gives it')}`,
    `      year: 2021`,
    `      source: ${fill(SOURCE_HINT)}`,
    `      citation: ${fill(CITATION_HINT)}`,
    `    distanceFromCbdKm:${fillNumber("kilometres from the city centre, e.g. 6.2, or delete the line")}`,
    `    areaKm2:${fillNumber("area in square kilometres, e.g. 2.8, or delete the line")}`,
    `    header: true`,
    `    homeGrid: false`,
    `    seo:`,
    `      title: ${JSON.stringify(`${said(words.title)} | ${siteName}`)}`,
    `      description: ${fill(`one or two sentences for search results about what you do in ${name}, under 170 characters`)}`,
    `    intro: ${fill(`one or two sentences under the banner, naming places in ${name}`)}`,
    `    points:`,
    ...[1, 2, 3].flatMap((n) => [
      `      - title: ${fill(`a short heading for point ${n} of "${said(words.pointsHeading)}"`)}`,
      `        text: ${fill(`two or three sentences on what ${name} customers need from you`)}`,
    ]),
    `    description:`,
    `      - ${fill(`a paragraph about ${name} from its sources: where it is, its size, its landmarks; quote only figures with a source below`)}`,
    `      - ${fill(`a paragraph on its schools and, only where a source publishes them, its prices; or delete this line`)}`,
    `    medianHousePrice:`,
    ...figure("the median house price", "$1.305 million"),
    `    medianRent:`,
    ...figure("the median weekly house rent", "$600/week"),
    `    medianUnitPrice:`,
    ...figure("the median unit price", "$629,000"),
    `    medianUnitRent:`,
    ...figure("the median weekly unit rent", "$550/week"),
    ...censusRent(name),
    `    schools:`,
    `      - name: ${fill("the school's name; copy these lines for each school in or near the suburb, or write schools: []")}`,
    `        level: ${fill("Primary, Secondary, Combined or Tertiary")}`,
    `        type: ${fill("Government, Private or Public")}`,
    `        suburb: ${fill("the suburb the school is in, or delete the line when it is in " + name)}`,
    `        source: ${fill(SOURCE_HINT)}`,
    `        citation: ${fill(CITATION_HINT)}`,
    `    nearby: [${fill("slugs of neighbouring suburbs that have a page (the last part of their address), or write nearby: []")}]`,
    `    sources:`,
    `      - citation: ${fill(CITATION_HINT + "; one entry per page a fact on the page came from")}`,
    `        url: ${fill("the page's https:// address")}`,
  ];
  return lines.join("\n") + "\n";
}

/** Appends the entry to `dir`/suburbs.yaml; returns the slug and the line the entry starts on. */
export function addSuburb(
  dir: string,
  name: string,
  postcode: string,
): { slug: string; line: number; file: string } {
  name = name.trim();
  const slug = slugFor(name);
  if (!name || !slugRule.safeParse(slug).success)
    throw new NewSuburbError(
      `expected a suburb name of letters, digits and spaces, such as "Quokka Flats", got ${JSON.stringify(name)}`,
    );
  if (!postcodeRule.safeParse(postcode).success)
    throw new NewSuburbError(`expected a 4-digit postcode such as 4055, got ${JSON.stringify(postcode)}`);
  const file = path.join(dir, "suburbs.yaml");
  const parsed = readParsed(file);
  const { text } = parsed;
  const suburbs = (valuesOf(parsed) as { suburbs?: { slug?: string }[] } | null)?.suburbs ?? [];
  if (suburbs.some((s) => s.slug === slug))
    throw new NewSuburbError(`${file} already has a suburb with the slug "${slug}": edit that entry instead`);
  const site = valuesOf(readParsed(path.join(dir, "site.yaml"))) as { name?: string } | null;
  const words = valuesOf(readParsed(path.join(dir, "suburb-pages.yaml"))) as Partial<
    Record<"title" | "pointsHeading", string>
  > | null;
  const start = text.endsWith("\n") ? text : text + "\n";
  appendFileSync(
    file,
    start.slice(text.length) +
      suburbEntry(name, postcode, site?.name ?? "", {
        title: words?.title ?? "{suburb} {postcode}",
        pointsHeading: words?.pointsHeading ?? "{suburb}",
      }),
  );
  return { slug, line: start.split("\n").length, file };
}

/**
 * A content file's values, read as the build reads them; a YAML mistake is the build's message, not a stack
 * trace.
 */
function valuesOf(parsed: Parsed): unknown {
  const read = readValues(parsed);
  if ("problems" in read)
    throw new NewSuburbError(
      read.problems.map(formatProblem).join("\n") + "\nFix it first (npm run build says the same).",
    );
  return read.value;
}
