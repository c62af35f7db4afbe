/**
 * The fast run (vitest.unit.config.ts): which tests \`npm run test:unit\` leaves out is said by
 * each file's name, *.e2e.test.ts. A test that starts Chromium, the built site, workerd or a
 * second process and is not named so would slow the fast run unseen: this reads every other
 * test file's imports for them.
 */
import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { E2E, TESTS } from "../../vitest.config.ts";
import { SLOWEST_FILES } from "./longest-first.ts";

/** What only an end-to-end test imports: the browser, the site server, workerd, another process. */
const END_TO_END =
  /from "[^"]*(testing\/browser|testing\/site|testing\/relay-process|testing\/leads-script)(\.ts)?"|from "miniflare"|from "node:child_process"|from "playwright-core"/;

describe("the fast run", () => {
  const e2e = new Set(E2E.flatMap((pattern) => globSync(pattern)));
  // This file names what it looks for, so it is not read for it.
  const unit = TESTS.flatMap((pattern) => globSync(pattern)).filter(
    (file) => !e2e.has(file) && file !== "src/testing/projects.test.ts",
  );

  it("has tests, and none of them starts a browser, the site, workerd or a process", () => {
    expect(unit.length).toBeGreaterThan(20);
    expect(unit.filter((file) => END_TO_END.test(readFileSync(file, "utf8")))).toEqual([]);
  });

  it("would see one that did: the e2e files it leaves out match", () => {
    expect([...e2e].filter((file) => END_TO_END.test(readFileSync(file, "utf8"))).length).toBeGreaterThan(10);
  });
});

describe("the order files start in", () => {
  it("names as the slowest only end-to-end test files that exist (a renamed one would lose its place)", () => {
    const e2e = new Set(E2E.flatMap((pattern) => globSync(pattern)));
    expect(SLOWEST_FILES.length).toBeGreaterThan(3);
    expect(SLOWEST_FILES.filter((file) => !e2e.has(file))).toEqual([]);
  });
});
