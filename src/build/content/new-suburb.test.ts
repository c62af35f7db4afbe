/**
 * `npm run new-suburb` in-process (runNewSuburb, as the script runs it), on copies of content/;
 * new-suburb.e2e.test.ts starts the script itself.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { ContentError, loadContent } from "./load.ts";
import { formatProblem } from "./problems.ts";
import { Suburb } from "../../content/schema/suburbs.ts";
import { contentCopy, fillLastSuburb } from "../../testing/new-suburb.ts";
import { runNewSuburb } from "../../../scripts/new-suburb-cli.ts";
import { capturedIo } from "../../../scripts/script-io.ts";

/**
 * `npm run new-suburb -- ...` on a copy of content/, in this process (runNewSuburb, as the script runs it):
 * what it printed and its exit code.
 */
function newSuburb(dir: string, ...args: string[]) {
  const io = capturedIo({ ...process.env, CONTENT_DIR: dir });
  const status = runNewSuburb(args, io);
  return { ...io.printed, status };
}

function problems(dir: string): string[] {
  try {
    loadContent(dir);
    return [];
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.problems.map((p) => formatProblem({ ...p, file: path.basename(p.file) }));
  }
}

describe("npm run new-suburb", () => {
  it("adds a complete entry, every field to write marked, says what to do next, and the build refuses it until it is filled", () => {
    const dir = contentCopy();
    const before = readFileSync(path.join(dir, "suburbs.yaml"), "utf8");
    const index = loadContent(dir).suburbs.length;
    const run = newSuburb(dir, "Quokka Flats", "4055");
    expect(run.status, run.stderr).toBe(0);
    const start = before.split("\n").length;
    expect(run.stdout).toContain(
      `Added Quokka Flats (4055) at ${path.join(dir, "suburbs.yaml")}:${start}, as /suburbs/quokka-flats/.`,
    );
    expect(run.stdout).toMatch(/Next:[\s\S]*replace every "FILL IN: \.\.\."[\s\S]*npm run build/);

    // The file keeps what it had, and the entry has every field a suburb can have.
    const after = readFileSync(path.join(dir, "suburbs.yaml"), "utf8");
    expect(after.startsWith(before)).toBe(true);
    const entry = (parseDocument(after).toJS() as { suburbs: Record<string, unknown>[] }).suburbs.at(-1)!;
    expect(Object.keys(entry).sort()).toEqual(Object.keys(Suburb.shape).sort());
    expect(entry).toMatchObject({
      slug: "quokka-flats",
      name: "Quokka Flats",
      postcode: "4055",
      seo: { title: "Bond Cleaning Quokka Flats 4055 | Jacaranda Cleaning Co." },
    });

    // Refused, each unwritten field named by line; nothing else is wrong.
    const refused = problems(dir);
    expect(refused.length).toBeGreaterThan(20);
    const entryAt = `suburbs[${index}] "quokka-flats"`;
    for (const p of refused)
      expect(p).toMatch(
        new RegExp(
          `^suburbs\\.yaml:\\d+ suburbs\\[${index}\\] "quokka-flats" → [\\w.[\\]]+: still to fill in: `,
        ),
      );
    const introLine = after.split("\n").findLastIndex((l) => l.startsWith("    intro: ")) + 1;
    expect(refused).toContain(
      `suburbs.yaml:${introLine} ${entryAt} → intro: still to fill in: one or two sentences under the banner, naming places in Quokka Flats`,
    );
    expect(refused).toContainEqual(
      expect.stringMatching(/→ distanceFromCbdKm: still to fill in: kilometres from the city centre/),
    );
    expect(refused).toContainEqual(
      expect.stringMatching(
        /→ schools\[0\]\.level: still to fill in: Primary, Secondary, Combined or Tertiary$/,
      ),
    );
    expect(refused).toContainEqual(
      expect.stringMatching(
        /→ censusMedianWeeklyRent\.value: still to fill in: the median weekly rent at the 2021 Census, e\.g\. "\$380": search "Quokka Flats" at https:\/\/abs\.gov\.au\/census, .*QuickStats/,
      ),
    );

    // Written (and the optional parts deleted), it builds, and the entries above it are as they were.
    fillLastSuburb(dir);
    expect(problems(dir)).toEqual([]);
    expect(readFileSync(path.join(dir, "suburbs.yaml"), "utf8").startsWith(before)).toBe(true);
    const suburbs = loadContent(dir).suburbs;
    expect([suburbs.length, suburbs.at(-1)!.slug]).toEqual([index + 1, "quokka-flats"]);
  });

  it("refuses a suburb that already has an entry, a wrong postcode, and a missing argument, and changes nothing", () => {
    const dir = contentCopy();
    const before = readFileSync(path.join(dir, "suburbs.yaml"), "utf8");
    const existing = loadContent(dir).suburbs[0];
    const twice = newSuburb(dir, existing.name, existing.postcode);
    expect([twice.status, twice.stderr.trim()]).toEqual([
      1,
      `${path.join(dir, "suburbs.yaml")} already has a suburb with the slug "${existing.slug}": edit that entry instead`,
    ]);
    const postcode = newSuburb(dir, "Quokka Flats", "405");
    expect([postcode.status, postcode.stderr.trim()]).toEqual([
      1,
      'expected a 4-digit postcode such as 4055, got "405"',
    ]);
    const missing = newSuburb(dir, "Quokka Flats");
    expect([missing.status, missing.stderr.split("\n").slice(0, 2)]).toEqual([
      2,
      ["Give the postcode too.", 'Usage: npm run new-suburb -- "Suburb Name" 4055'],
    ]);
    expect(readFileSync(path.join(dir, "suburbs.yaml"), "utf8")).toBe(before);
  });

  it("names a YAML mistake in suburbs.yaml by file and line, as the build does, and changes nothing", () => {
    const dir = contentCopy();
    const file = path.join(dir, "suburbs.yaml");
    const broken = readFileSync(file, "utf8").replace("suburbs:\n", "suburbs:\n  - slug: [unclosed\n");
    writeFileSync(file, broken);
    const run = newSuburb(dir, "Quokka Flats", "4055");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^${path.relative(process.cwd(), file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+ → YAML syntax: `,
      ),
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, "utf8")).toBe(broken);
  });
});
