/**
 * The accept page, filled from the markup the build wrote
 * (markup.ts, from src/templates/BookingPage.tsx): the quote, the days and
 * times to choose, and the pages that answer a link that cannot be used or an
 * acceptance. This file only fills slots; every value goes in escaped.
 */
import { telHref } from "../../shared/phone.ts";
import { fillSlots } from "../../shared/slots.ts";
import { BOOKING_MARKUP } from "./markup.ts";
import { dayShort, TIMES_OF_DAY } from "./days.ts";
import type { QuoteView } from "./quote-view.ts";
import { includesMarkup } from "./includes.ts";

const M = BOOKING_MARKUP.page;

export interface PageNotice {
  tone: "success" | "error";
  title: string;
  text: string;
}

/** The page around a notice and a body. */
function page(phone: string, title: string, notice: PageNotice | undefined, body: string): string {
  const shown = notice ? fillSlots(M.notice[notice.tone], { title: notice.title, text: notice.text }) : "";
  return fillSlots(
    M.page,
    {
      title,
      role: notice?.tone === "error" ? "alert" : "status",
      phone,
      phoneHref: phone ? telHref(phone) : "",
    },
    { notice: shown, body },
  );
}

/** The quote, as the page shows it. */
export function quoteMarkup(view: QuoteView): string {
  return fillSlots(
    M.quote,
    { total: view.total, gst: view.gst, validUntil: view.validUntil },
    {
      rows: view.rows.map((r) => fillSlots(M.row, r)).join(""),
      note: view.note ? fillSlots(M.note, { note: view.note }) : "",
      includes: includesMarkup(view.service, M, "items"),
    },
  );
}

export interface AcceptPage {
  view: QuoteView;
  token: string;
  action: string;
  days: readonly string[];
  phone: string;
  /** A refused post: what went wrong, and what was chosen (kept chosen when it is still offered). */
  notice?: PageNotice;
  chosen?: { day?: string; time?: string };
}

/** The quote and the choice of a day. */
export function acceptPage({ view, token, action, days, phone, notice, chosen = {} }: AcceptPage): string {
  const check = (markup: string, value: string | undefined, own: string) =>
    value === own ? markup.replace(' required=""', ' required="" checked=""') : markup;
  const dayChoices = days.map((day) =>
    check(fillSlots(M.day, { value: day, label: dayShort(day) }), chosen.day, day),
  );
  const timeChoices = TIMES_OF_DAY.map((t) =>
    check(fillSlots(M.time, { value: t.value, label: t.label }), chosen.time, t.value),
  );
  const form = days.length
    ? fillSlots(M.form, { action, token }, { days: dayChoices.join(""), times: timeChoices.join("") })
    : "";
  const none: PageNotice | undefined = days.length
    ? undefined
    : {
        tone: "error",
        title: "No day left to choose",
        text: `Every day we could offer for this quote is taken. Reply to our email or call us${phone ? ` on ${phone}` : ""} and we will find one.`,
      };
  return page(phone, "Your quote", notice ?? none, quoteMarkup(view) + form);
}

/** A page with a notice: a link that cannot be used, or the acceptance taken (with the quote below it). */
export function noticePage(notice: PageNotice, phone: string, view?: QuoteView): string {
  return page(phone, notice.title, notice, view ? quoteMarkup(view) : "");
}
