/**
 * The booking's page and emails (issue 51) as markup and text with slots,
 * written once by the build from content/ and the templates
 * (src/templates/BookingPage.tsx, BookingEmails.tsx) into
 * src/relay/booking/markup.ts, with the page's stylesheet inline (Tailwind,
 * only the classes it uses), as the result page and the confirmation email
 * are (decisions 0062, 0063): React stays out of the Worker, and what the
 * customer reads is the site's own words: the business, its services' lists,
 * content/booking.yaml's preparation and terms.
 *
 * `npm run build` writes the file when content/ or the templates changed; a
 * test holds the committed file to what they render now.
 */
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import type { Content } from "../content/content.ts";
import { PRIVACY_PATH, TERMS_PATH } from "../shared/paths.ts";
import { rawSlot } from "../shared/slots.ts";
import { businessIdentity } from "../templates/business.ts";
import {
  AcceptForm,
  BookingNotice,
  BookingPage,
  DayChoice,
  IncludedArea,
  IncludedItem,
  Includes,
  QuoteNote,
  QuoteRow,
  QuoteSummary,
  TimeChoice,
  type BookingPageFacts,
} from "../templates/BookingPage.tsx";
import {
  BookedEmail,
  bookingSubjects,
  bookingTexts,
  EmailArea,
  EmailIncludes,
  EmailItem,
  EmailNote,
  EmailRow,
  gstSentence,
  QuoteEmail,
  ReminderEmail,
  type BookingEmailFacts,
} from "../templates/BookingEmails.tsx";
import { brandTheme } from "./brand.ts";
import { classNames, cssFor, scanMarkup } from "./css.ts";
import { loadContent } from "./content/load.ts";
import { writeIfChanged } from "./generated.ts";

export const BOOKING_MARKUP_FILE = path.resolve(import.meta.dirname, "../relay/booking/markup.ts");

const html = (node: React.ReactElement) => renderToStaticMarkup(node);

/** What the page and the emails take from content/: the site's own address, so the file is one for every build. */
export function bookingFacts(content: Content): BookingPageFacts & BookingEmailFacts {
  const siteUrl = content.site.url.replace(/\/$/, "");
  return {
    businessName: content.site.name,
    identity: businessIdentity(content.site),
    siteUrl,
    termsUrl: `${siteUrl}${TERMS_PATH}#bookings`,
    privacyUrl: `${siteUrl}${PRIVACY_PATH}`,
    gstRegistered: content.booking.gstRegistered,
    prepare: content.booking.prepare,
    changed: content.booking.terms.changed,
  };
}

/**
 * Each service's list of what it includes (its checklist), by formValue: the words once, as data; the page
 * and the emails fill their own parts with them (src/relay/booking/includes.ts).
 */
const includes = (content: Content) =>
  Object.fromEntries(
    content.services.map((s) => [
      s.formValue,
      {
        heading: `What ${s.navLabel.toLowerCase()} includes`,
        groups: s.checklist.groups.map(({ area, items }) => ({ area, items })),
      },
    ]),
  );

/** The parts of the page and the emails, each as markup or text with slots: what markup.ts holds. */
export async function bookingMarkup(content: Content = loadContent()) {
  const facts = bookingFacts(content);
  const parts = {
    notice: { success: html(<BookingNotice tone="success" />), error: html(<BookingNotice tone="error" />) },
    quote: html(<QuoteSummary gstRegistered={facts.gstRegistered} />),
    row: html(<QuoteRow />),
    note: html(<QuoteNote />),
    includes: html(<Includes />),
    area: html(<IncludedArea />),
    item: html(<IncludedItem />),
    form: html(<AcceptForm termsUrl={facts.termsUrl} />),
    day: html(<DayChoice />),
    time: html(<TimeChoice />),
  };
  const tokens = [
    ...Object.values(parts).flatMap((v) => (typeof v === "string" ? [v] : Object.values(v))),
    html(<BookingPage facts={facts} css="" />),
  ].map(scanMarkup);
  const css = await cssFor(
    [...classNames(tokens.flatMap((t) => t.classAttrs)), ...tokens.flatMap((t) => [...t.elements])],
    { theme: brandTheme(content.site.colours) },
  );
  const subjects = bookingSubjects(facts);
  const texts = bookingTexts(facts);
  return {
    // The sentence under a total, for the owner's preview of a quote in Telegram: as the customer reads it.
    gst: gstSentence(facts.gstRegistered, rawSlot("gst")),
    page: { page: "<!DOCTYPE html>" + html(<BookingPage facts={facts} css={css} />), ...parts },
    email: {
      quote: {
        subject: subjects.quote,
        html: "<!DOCTYPE html>" + html(<QuoteEmail facts={facts} />),
        text: texts.quote,
      },
      booked: {
        subject: subjects.booked,
        html: "<!DOCTYPE html>" + html(<BookedEmail facts={facts} />),
        text: texts.booked,
      },
      reminder: {
        subject: subjects.reminder,
        html: "<!DOCTYPE html>" + html(<ReminderEmail facts={facts} />),
        text: texts.reminder,
      },
      row: html(<EmailRow />),
      note: html(<EmailNote />),
      includes: html(<EmailIncludes />),
      area: html(<EmailArea />),
      item: html(<EmailItem />),
    },
    services: includes(content),
  };
}

/** The module's source: the parts as JSON, so the relay imports them as plain strings on either host. */
export async function bookingMarkupSource(content?: Content): Promise<string> {
  const parts = JSON.stringify(await bookingMarkup(content), null, 2);
  return `// Written by \`npm run build\` from content/ and src/templates/BookingPage.tsx, BookingEmails.tsx (src/build/booking-markup.tsx): do not edit.\n// The booking's page and emails, with slots the relay fills (src/relay/booking/page.ts, emails.ts).\nexport const BOOKING_MARKUP = ${parts} as const;\n`;
}

/** Writes the module if content/ or the templates now make something else; says whether it did. */
export async function writeBookingMarkup(content?: Content): Promise<boolean> {
  return writeIfChanged(BOOKING_MARKUP_FILE, await bookingMarkupSource(content));
}
