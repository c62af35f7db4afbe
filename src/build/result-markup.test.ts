/**
 * The relay's page for a post without script is what the site's form components render now
 * (result-markup.tsx).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RESULT_MARKUP_FILE, resultMarkupSource } from "./result-markup.tsx";

describe("src/relay/intake/result-markup.ts", () => {
  it("is what the form components render now (npm run build writes it)", async () => {
    expect(
      readFileSync(RESULT_MARKUP_FILE, "utf8"),
      "run npm run build and commit src/relay/intake/result-markup.ts",
    ).toBe(await resultMarkupSource());
  });
});
