/**
 * The customer's page for a quote the owner emailed (issue 51): the quote
 * again, then a day and a time of day to choose, and Accept. Served by the
 * relay, which may run on another host than the site, so, like the result
 * page (ResultPage.tsx, decision 0062), it stands alone with its stylesheet
 * inline, and the build renders it once into markup with slots
 * (src/build/booking-markup.tsx → src/relay/booking/markup.ts) that the relay
 * fills per request (src/relay/booking/page.ts). A plain form: it works the
 * same with JavaScript or without, on a phone as on a desk.
 *
 * The page shows the quote and nothing else of the lead: no name, address or
 * message, so a link forwarded or overheard tells no one who asked.
 */
import { NOTICE_LOOKS, NoticeBox, type NoticeLook } from "../browser/islands/FormParts.tsx";
import { rawSlot, textSlot, type NoticeTone } from "../shared/slots.ts";
import { buttonClass, textLinkClass } from "../shared/ui.tsx";
import { gstSentence } from "./BookingEmails.tsx";

/** What the page takes from content/: who the business is, and where its terms and privacy policy are. */
export interface BookingPageFacts {
  businessName: string;
  /** businessIdentity(site): the legal name and ABN when the owner has set them. */
  identity: string;
  termsUrl: string;
  privacyUrl: string;
}

const heading = "text-xl text-inherit";
const LOOKS: Record<"success" | "error", NoticeLook> = {
  success: { ...NOTICE_LOOKS.success, heading },
  error: { ...NOTICE_LOOKS.error, heading },
};

/** A notice: the page's heading when the quote cannot be shown or was just accepted. Slots: title, text. */
export function BookingNotice({ tone }: { tone: Exclude<NoticeTone, "confirm"> }) {
  return <NoticeBox notice={{ tone, title: textSlot("title"), text: textSlot("text") }} look={LOOKS[tone]} />;
}

/** One line of the quote; slots: label, value. */
export const QuoteRow = () => (
  <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
    <dt className="text-sm font-medium text-slate-600">{textSlot("label")}</dt>
    <dd className="text-base text-ink">{textSlot("value")}</dd>
  </div>
);

/**
 * The quote: what it is for, the total with the GST in it (Australian Consumer Law s 48: the single
 * price, as prominent as anything else priced), the owner's note, until when it stands, and what the
 * service includes. Slots: total, gst (the amount of GST in it), validUntil; raw: rows (QuoteRow's),
 * note (QuoteNote's, or nothing), includes (the service's list, or nothing).
 */
export function QuoteSummary({ gstRegistered }: { gstRegistered: boolean }) {
  return (
    <section aria-labelledby="quote-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-5">
      <h1 id="quote-heading" className="text-2xl font-bold text-ink">
        Your quote
      </h1>
      <dl className="mt-2 divide-y divide-slate-200">{rawSlot("rows")}</dl>
      {rawSlot("note")}
      <div className="mt-4 rounded-lg bg-brand-50 p-4">
        <p className="text-sm font-medium text-brand-900">Total price</p>
        <p className="text-3xl font-bold text-ink">{textSlot("total")}</p>
        <p className="mt-1 text-sm text-slate-700">{gstSentence(gstRegistered, textSlot("gst"))}</p>
      </div>
      <p className="mt-3 text-sm text-slate-700">This quote stands until {textSlot("validUntil")}.</p>
      {rawSlot("includes")}
    </section>
  );
}

/** The owner's note with the quote; slot: note. */
export const QuoteNote = () => (
  <p className="mt-3 rounded-lg border-l-4 border-brand-600 bg-slate-50 px-4 py-3 text-base">
    <span className="font-medium">A note from us: </span>
    {textSlot("note")}
  </p>
);

/** What the service includes, folded away: a long list on a phone. Slots: heading; raw: items. */
export const Includes = () => (
  <details className="mt-4 rounded-lg border border-slate-200 px-4 py-3">
    <summary className="cursor-pointer font-medium text-brand-800">{textSlot("heading")}</summary>
    <div className="mt-2 grid gap-3 text-sm">{rawSlot("items")}</div>
  </details>
);

/** One area of the service's list; slot: area, raw: items (IncludedItem's). */
export const IncludedArea = () => (
  <div>
    <p className="font-semibold">{textSlot("area")}</p>
    <ul className="mt-1 list-disc pl-5">{rawSlot("items")}</ul>
  </div>
);
export const IncludedItem = () => <li>{textSlot("item")}</li>;

const choiceClass =
  "flex min-h-12 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-base text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";
const boxClass = "h-5 w-5 shrink-0 accent-brand-700";

/** One day to choose; slots: value ("2027-01-14"), label ("Thu 14 Jan"). */
export const DayChoice = () => (
  <label className={choiceClass}>
    <input type="radio" name="day" value={textSlot("value")} required className={boxClass} />
    {textSlot("label")}
  </label>
);

/**
 * The choice and Accept. Slots: action, token; raw: days (DayChoice's), times (TimeChoice's). Each group
 * is required, so a browser asks for a day before it posts; the relay checks again.
 */
export function AcceptForm({ termsUrl }: { termsUrl: string }) {
  return (
    <form method="post" action={textSlot("action")} className="mt-6 grid gap-6">
      <input type="hidden" name="q" defaultValue={textSlot("token")} />
      <fieldset>
        <legend className="text-lg font-bold text-ink">Choose a day</legend>
        <p className="mt-1 text-sm text-slate-700">The days we can still take a job.</p>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">{rawSlot("days")}</div>
      </fieldset>
      <fieldset>
        <legend className="text-lg font-bold text-ink">Time of day</legend>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:max-w-md">{rawSlot("times")}</div>
      </fieldset>
      <div className="grid gap-3">
        <p className="text-sm text-slate-700">
          Pressing Accept accepts this quote for the day you chose. We then confirm the booking by email (
          <a href={termsUrl} className={textLinkClass}>
            how bookings work
          </a>
          ).
        </p>
        <div>
          <button type="submit" className={buttonClass("primary", "min-h-12 w-full sm:w-auto sm:px-10")}>
            Accept
          </button>
        </div>
      </div>
    </form>
  );
}

/** A time of day to choose; slots: value, label. */
export const TimeChoice = () => (
  <label className={choiceClass}>
    <input type="radio" name="time" value={textSlot("value")} required className={boxClass} />
    {textSlot("label")}
  </label>
);

/**
 * The page around the parts; slots: title, role, phone, phoneHref; raw: notice, body. The footer names
 * the business (its legal name and ABN once set) and how to reach it.
 */
export function BookingPage({ facts, css }: { facts: BookingPageFacts; css: string }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="same-origin" />
        <title>{textSlot("title")}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body className="bg-slate-50">
        <main className="mx-auto max-w-3xl px-4 py-6 text-ink sm:py-10">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{facts.businessName}</p>
          <div role={textSlot("role")} className="mt-3 empty:hidden">
            {rawSlot("notice")}
          </div>
          {rawSlot("body")}
          <footer className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-700">
            <p>
              {facts.identity} ·{" "}
              <a href={textSlot("phoneHref")} className={textLinkClass}>
                {textSlot("phone")}
              </a>
            </p>
            <p className="mt-1">
              <a href={facts.termsUrl} className={textLinkClass}>
                Terms
              </a>{" "}
              ·{" "}
              <a href={facts.privacyUrl} className={textLinkClass}>
                Privacy policy
              </a>
            </p>
          </footer>
        </main>
      </body>
    </html>
  );
}
