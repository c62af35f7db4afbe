/** The booking's page and emails the relay fills are what content/ and the templates render now. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOOKING_MARKUP_FILE, bookingMarkupSource } from "./booking-markup.tsx";

describe("src/relay/booking/markup.ts", () => {
  it("is what content/ and the templates render now (npm run build writes it)", async () => {
    expect(
      readFileSync(BOOKING_MARKUP_FILE, "utf8"),
      "run npm run build and commit src/relay/booking/markup.ts",
    ).toBe(await bookingMarkupSource());
  });
});
