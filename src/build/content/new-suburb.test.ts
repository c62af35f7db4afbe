/** `npm run new-suburb` in-process (runNewSuburb, as the script runs it), on copies of content/; new-suburb.e2e.test.ts starts the script itself. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { ContentError, loadContent } from "./load.ts";
import { formatProblem } from "./problems.ts";
import { Suburb } from "../../content/schema.ts";
import { runNewSuburb } from "../../../scripts/new-suburb-cli.ts";
import { capturedIo } from "../../../scripts/script-io.ts";

function contentCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "new-suburb-"));
  cpSync("content", dir, { recursive: true });
  return dir;
}

/** `npm run new-suburb -- ...` on a copy of content/, in this process (runNewSuburb, as the script runs it): what it printed and its exit code. */
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
    const run = newSuburb(dir, "Ferny Grove", "4055");
    expect(run.status, run.stderr).toBe(0);
    const start = before.split("\n").length;
    expect(run.stdout).toContain(`Added Ferny Grove (4055) at ${path.join(dir, "suburbs.yaml")}:${start}, as /suburbs/ferny-grove/.`);
    expect(run.stdout).toMatch(/Next:[\s\S]*replace every "FILL IN: \.\.\."[\s\S]*npm run build/);

    // The file keeps what it had, and the entry has every field a suburb can have.
    const after = readFileSync(path.join(dir, "suburbs.yaml"), "utf8");
    expect(after.startsWith(before)).toBe(true);
    const doc = parseDocument(after);
    const entry = (doc.toJS() as { suburbs: Record<string, unknown>[] }).suburbs.at(-1)!;
    expect(Object.keys(entry).sort()).toEqual(Object.keys(Suburb.shape).sort());
    expect(entry).toMatchObject({ slug: "ferny-grove", name: "Ferny Grove", postcode: "4055", seo: { title: "Bond Cleaning Ferny Grove 4055 | Jacaranda Cleaning Co." } });

    // Refused, each unwritten field named by line; nothing else is wrong.
    const refused = problems(dir);
    expect(refused.length).toBeGreaterThan(20);
    for (const p of refused) expect(p).toMatch(/^suburbs\.yaml:\d+ suburbs\[29\] "ferny-grove" → [\w.[\]]+: still to fill in: /);
    const introLine = after.split("\n").findLastIndex((l) => l.startsWith("    intro: ")) + 1;
    expect(refused).toContain(`suburbs.yaml:${introLine} suburbs[29] "ferny-grove" → intro: still to fill in: one or two sentences under the banner, naming places in Ferny Grove`);
    expect(refused).toContainEqual(expect.stringMatching(/→ distanceFromCbdKm: still to fill in: kilometres from the Brisbane CBD/));
    expect(refused).toContainEqual(expect.stringMatching(/→ schools\[0\]\.level: still to fill in: Primary, Secondary, Combined or Tertiary$/));

    // Written (and the optional parts deleted), it builds.
    const at = (...keys: (string | number)[]) => ["suburbs", 29, ...keys];
    const wiki = "https://en.wikipedia.org/wiki/Ferny_Grove,_Queensland";
    for (const key of ["distanceFromCbdKm", "areaKm2", "medianHousePrice", "medianRent", "medianUnitPrice", "medianUnitRent"]) doc.deleteIn(at(key));
    doc.setIn(at("population", "value"), "1,000");
    doc.setIn(at("population", "source"), wiki);
    doc.setIn(at("population", "citation"), "Wikipedia: Ferny Grove");
    doc.setIn(at("seo", "description"), "Bond cleaning in Ferny Grove 4055.");
    doc.setIn(at("intro"), "Moving out in Ferny Grove?");
    for (const i of [0, 1, 2]) {
      doc.setIn(at("points", i, "title"), `Point ${i + 1}`);
      doc.setIn(at("points", i, "text"), "What we clean.");
    }
    doc.setIn(at("description"), doc.createNode(["Ferny Grove is a suburb of Brisbane."]));
    doc.setIn(at("schools"), doc.createNode([]));
    doc.setIn(at("nearby"), doc.createNode(["upper-kedron"]));
    doc.setIn(at("sources"), doc.createNode([{ citation: "Wikipedia: Ferny Grove", url: wiki }]));
    writeFileSync(path.join(dir, "suburbs.yaml"), doc.toString());
    expect(problems(dir)).toEqual([]);
    expect(loadContent(dir).suburbs.at(-1)!.slug).toBe("ferny-grove");
  });

  it("refuses a suburb that already has an entry, a wrong postcode, and a missing argument, and changes nothing", () => {
    const dir = contentCopy();
    const before = readFileSync(path.join(dir, "suburbs.yaml"), "utf8");
    const twice = newSuburb(dir, "Upper Kedron", "4055");
    expect([twice.status, twice.stderr.trim()]).toEqual([1, `${path.join(dir, "suburbs.yaml")} already has a suburb with the slug "upper-kedron": edit that entry instead`]);
    const postcode = newSuburb(dir, "Ferny Grove", "405");
    expect([postcode.status, postcode.stderr.trim()]).toEqual([1, 'expected a 4-digit postcode such as 4055, got "405"']);
    const missing = newSuburb(dir, "Ferny Grove");
    expect([missing.status, missing.stderr.trim()]).toEqual([2, 'Usage: npm run new-suburb -- "Suburb Name" 4055']);
    expect(readFileSync(path.join(dir, "suburbs.yaml"), "utf8")).toBe(before);
  });

  it("names a YAML mistake in suburbs.yaml by file and line, as the build does, and changes nothing", () => {
    const dir = contentCopy();
    const file = path.join(dir, "suburbs.yaml");
    const broken = readFileSync(file, "utf8").replace("suburbs:\n", "suburbs:\n  - slug: [unclosed\n");
    writeFileSync(file, broken);
    const run = newSuburb(dir, "Ferny Grove", "4055");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^${path.relative(process.cwd(), file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+ → YAML syntax: `));
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, "utf8")).toBe(broken);
  });
});
