/**
 * docs/screenshots/booking/ shows a reviewer the customer's booking page and emails: each committed
 * html is what the relay's code makes now, so a change to the page or an email that forgets
 * `npm run screenshots -- --booking` fails here instead of leaving the pictures behind the code.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bookingFixtures, FIXTURES_DIR } from "./booking-fixtures.ts";

describe("docs/screenshots/booking/", () => {
  it.each(Object.entries(bookingFixtures()))(
    "%s.html is what the code makes now (npm run screenshots -- --booking writes it again)",
    (name, html) => {
      expect(readFileSync(path.join(FIXTURES_DIR, `${name}.html`), "utf8") === html).toBe(true);
    },
  );
});
