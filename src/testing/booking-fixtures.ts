/**
 * The booking's page and its three emails (issue 51) as a customer sees them, written as files a
 * reviewer can open: each email's html, and Chromium's screenshots of the accept page at 390 and
 * 1280 px and of each email at 390 px, into docs/screenshots/booking/ (`npm run screenshots --
 * --booking`). Made by the relay's own fillers from the markup the build wrote, for one made-up lead.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { bookingPage } from "../relay/booking/page.ts";
import { bookedEmail, quoteEmail, reminderEmail } from "../relay/booking/emails.ts";
import { daysOffered, DEFAULT_RULES } from "../relay/booking/days.ts";
import { quoteView } from "../relay/booking/quote-view.ts";
import { loadContent } from "../build/content/load.ts";
import { siteServices } from "../content/services.ts";
import { CLOCK, hoursOf } from "../relay/testing/business.ts";
import type { Lead } from "../relay/leads/lead.ts";
import { detailsOf } from "../relay/leads/quote-details-store.ts";
import { DESKTOP, PHONE } from "./browser.ts";

export const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../docs/screenshots/booking");

/** Tuesday 12 January 2027, 10 am in Brisbane. */
const NOW = Date.parse("2027-01-12T10:00:00+10:00");
const HOURS = hoursOf([
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { days: ["Saturday"], opens: "09:00", closes: "16:00" },
]);
const LEAD = {
  id: "0a000000-0000-4000-8000-0000000000f1",
  form: "quote",
  fields: {
    name: "Ann Lee",
    email: "ann@example.com",
    phone: "0412 345 678",
    address: "12 Smith St, Annerley QLD 4105",
  },
  details: detailsOf({
    service: "bond-cleaning",
    property_type: "house",
    bedrooms: 3,
    bathrooms: 2,
    add_ons: "oven:1",
  }),
} as unknown as Lead;
const QUOTE = {
  cents: 38_000,
  note: "incl. oven, Tue or Wed",
  expiresAt: Date.parse("2027-01-27T00:00:00+10:00"),
};
const PHONE_NUMBER = "0491 570 156";
const LINK =
  "https://www.example.com/api/book?q=0a000000-0000-4000-8000-0000000000f1.1.EXAMPLE-not-a-real-mac_";
const common = { to: "ann@example.com", phone: PHONE_NUMBER };

/** Each page's and email's html by its file's name (without .html), as the code makes it now. */
export function bookingFixtures(): Record<string, string> {
  // The site's own services, as the relay is told them: the lead's service by its name, not its id.
  const view = quoteView(LEAD, QUOTE, CLOCK, siteServices(loadContent("content")));
  const booking = { day: "2027-01-14", time: "morning" as const, address: LEAD.fields!.address, view };
  const days = daysOffered({ rules: DEFAULT_RULES, hours: HOURS, now: NOW, taken: new Map() });
  return {
    "accept-page": bookingPage({ kind: "choose", view, token: "example", days }, PHONE_NUMBER),
    "accepted-page": bookingPage(
      { kind: "accepted", view, day: "2027-01-14", time: "morning", confirmed: false, first: true },
      PHONE_NUMBER,
    ),
    "quote-email": quoteEmail(view, LINK, common).html!,
    "booked-email": bookedEmail(booking, common).html!,
    "reminder-email": reminderEmail(booking, common).html!,
  };
}

/** Writes the files; answers their paths. */
export async function writeBookingFixtures(browser: Browser): Promise<string[]> {
  mkdirSync(FIXTURES_DIR, { recursive: true });
  const pages = bookingFixtures();
  const written: string[] = [];
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const [name, html] of Object.entries(pages)) {
    const file = path.join(FIXTURES_DIR, `${name}.html`);
    writeFileSync(file, html);
    written.push(file);
    const widths = name === "accept-page" ? [PHONE, DESKTOP] : [PHONE];
    for (const viewport of widths) {
      await page.setViewportSize(viewport);
      await page.setContent(html, { waitUntil: "load" });
      const shot = path.join(FIXTURES_DIR, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      written.push(shot);
    }
  }
  await context.close();
  return written;
}
