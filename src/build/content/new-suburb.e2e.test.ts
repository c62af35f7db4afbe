/**
 * `npm run new-suburb` as npm starts it: scripts/new-suburb.ts in its own process (new-suburb.test.ts tests
 * runNewSuburb itself, in-process).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentCopy } from "../../testing/new-suburb.ts";

describe("npm run new-suburb", () => {
  it("is the command the README and package.json name: the script hands runNewSuburb its arguments, environment and output, and exits with its code", () => {
    expect(JSON.parse(readFileSync("package.json", "utf8")).scripts["new-suburb"]).toBe(
      "tsx --tsconfig tsconfig.base.json scripts/new-suburb.ts",
    );
    expect(readFileSync("README.md", "utf8")).toContain("npm run new-suburb -- ");
    const dir = contentCopy();
    const script = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/new-suburb.ts", ...args], {
        env: { ...process.env, CONTENT_DIR: dir },
        encoding: "utf8",
      });
    const added = script("Quokka Flats", "4055");
    expect([added.status, added.stderr]).toEqual([0, ""]);
    expect(added.stdout).toContain(`Added Quokka Flats (4055) at ${path.join(dir, "suburbs.yaml")}:`);
    const twice = script("Quokka Flats", "4055");
    expect([twice.status, twice.stdout, twice.stderr.trim()]).toEqual([
      1,
      "",
      `${path.join(dir, "suburbs.yaml")} already has a suburb with the slug "quokka-flats": edit that entry instead`,
    ]);
  });
});
