/**
 * A suburb added as the owner adds one (README: "Add a suburb"), on a copy of
 * content/: the entry `npm run new-suburb` appends (addSuburb, its work), then
 * each `FILL IN:` value written and the optional figures deleted. Tests that
 * take their figures from content/ run on such a copy too, so a suburb the
 * owner adds cannot break them.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseDocument } from "yaml";
import { addSuburb } from "../build/content/new-suburb.ts";

/** content/ copied to a new temporary folder. */
export function contentCopy(from = "content"): string {
  const dir = mkdtempSync(path.join(tmpdir(), "content-"));
  cpSync(from, dir, { recursive: true });
  return dir;
}

/**
 * Writes every value `npm run new-suburb` left to fill in for the last suburb in `dir`/suburbs.yaml,
 * as the owner would: optional figures deleted, a neighbour named. The entries above it keep their text.
 */
export function fillLastSuburb(dir: string, { homeGrid = false } = {}): void {
  const file = path.join(dir, "suburbs.yaml");
  const lines = readFileSync(file, "utf8").split("\n");
  const start = lines.findLastIndex((l) => l.startsWith("  - slug: "));
  const neighbour = /^ {2}- slug: (\S+)$/m.exec(lines.join("\n"))![1];
  const entry = parseDocument(lines.slice(start).join("\n"));
  const name = entry.getIn([0, "name"]) as string;
  const at = (...keys: (string | number)[]) => [0, ...keys];
  const wiki = `https://en.wikipedia.org/wiki/${name.replace(/ /g, "_")},_Queensland`;
  for (const key of [
    "distanceFromCbdKm",
    "areaKm2",
    "medianHousePrice",
    "medianRent",
    "medianUnitPrice",
    "medianUnitRent",
    "censusMedianWeeklyRent",
  ])
    entry.deleteIn(at(key));
  entry.setIn(at("population", "value"), "1,000");
  entry.setIn(at("population", "source"), wiki);
  entry.setIn(at("population", "citation"), `Wikipedia: ${name}`);
  entry.setIn(at("homeGrid"), homeGrid);
  entry.setIn(at("seo", "description"), `Bond cleaning in ${name}.`);
  entry.setIn(at("intro"), `Moving out in ${name}?`);
  for (const i of [0, 1, 2]) {
    entry.setIn(at("points", i, "title"), `Point ${i + 1}`);
    entry.setIn(at("points", i, "text"), "What we clean.");
  }
  entry.setIn(at("description"), entry.createNode([`${name} is a suburb of Brisbane.`]));
  entry.setIn(at("schools"), entry.createNode([]));
  entry.setIn(at("nearby"), entry.createNode([neighbour]));
  entry.setIn(at("sources"), entry.createNode([{ citation: `Wikipedia: ${name}`, url: wiki }]));
  // The entry alone is a list at the file's left edge: back under suburbs: by two spaces.
  const filled = entry.toString({ lineWidth: 0 }).replace(/^(?=.)/gm, "  ");
  writeFileSync(file, [...lines.slice(0, start), filled].join("\n"));
}

/**
 * A copy of content/ with one more suburb, added as `npm run new-suburb -- "Name" 4055` adds it and filled
 * in: a content the build takes.
 */
export function contentWithNewSuburb(
  name: string,
  postcode: string,
  options: { homeGrid?: boolean } = {},
): string {
  const dir = contentCopy();
  addSuburb(dir, name, postcode);
  fillLastSuburb(dir, options);
  return dir;
}
