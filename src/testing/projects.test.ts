/**
 * The two test projects (vitest.config.ts): which tests `npm run test:unit` leaves out is said by
 * each file's name, *.e2e.test.ts, or, until a file is renamed, by its line in E2E_NOT_YET_RENAMED.
 */
import { globSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { E2E_NOT_YET_RENAMED } from "../../vitest.config.ts";

describe("the end-to-end tests not yet named *.e2e.test.ts", () => {
  it.each(E2E_NOT_YET_RENAMED)("%s names one test file, so a renamed or moved file cannot fall into the fast run unseen", (pattern) => {
    expect(globSync(pattern)).toHaveLength(1);
  });
});
