/** The confirmation email the relay sends is what content/ and the template render now (email-markup.tsx). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EMAIL_MARKUP_FILE, emailMarkupSource } from "./email-markup.tsx";

describe("src/relay/email/confirmation-markup.ts", () => {
  it("is what content/ and the template render now (npm run build writes it)", () => {
    expect(
      readFileSync(EMAIL_MARKUP_FILE, "utf8"),
      "run npm run build and commit src/relay/email/confirmation-markup.ts",
    ).toBe(emailMarkupSource());
  });
});
