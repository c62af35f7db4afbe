/**
 * The accept page, filled from the markup the build wrote
 * (markup.ts, from src/templates/BookingPage.tsx): the quote, the days and
 * times to choose, and the pages that answer a link that cannot be used or an
 * acceptance. The route (intake/booking-route.ts) decides what to answer; this
 * file words it and fills the slots, every value escaped.
 */
import { telHref } from "../../shared/phone.ts";
import { BOOKING_PATH } from "../../shared/relay-paths.ts";
import { fillSlots } from "../../shared/slots.ts";
import { BOOKING_MARKUP } from "./markup.ts";
import {
  DAY_REFUSALS,
  dayLong,
  dayShort,
  TIMES_OF_DAY,
  timeLabel,
  type DayStatus,
  type TimeOfDay,
} from "./days.ts";
import type { QuoteView } from "./quote-view.ts";
import { includesMarkup } from "./includes.ts";
import { RELAY_PAGE_CSP } from "../page-policy.ts";

const M = BOOKING_MARKUP.page;

export interface PageNotice {
  tone: "success" | "error";
  title: string;
  text: string;
}

/**
 * What the page answers, as the route decided it: a request that is not the customer's (not a page
 * to open, posted from another site, too many tries), a link that cannot be used, the acceptance,
 * or the quote and the days to choose (again, after a choice that could not be taken).
 */
export type BookingAnswer =
  | { kind: "not-a-page" | "foreign" | "too-many" | "unknown" | "superseded" | "closed" }
  | { kind: "expired"; view: QuoteView }
  | { kind: "accepted"; view: QuoteView; day: string; time: TimeOfDay; confirmed: boolean; first: boolean }
  | {
      kind: "choose";
      view: QuoteView;
      token: string;
      days: readonly string[];
      /** A refused post: why, and what was chosen (kept chosen when it is still offered). */
      refused?: "time" | Exclude<DayStatus, "open">;
      chosen?: { day?: string; time?: string };
    };

const call = (phone: string) => (phone ? ` or call us on ${phone}` : " or call us");

/** The notice an answer shows, in the words the customer reads; none above a plain choice of days. */
function noticeOf(answer: BookingAnswer, phone: string): PageNotice | undefined {
  const error = (title: string, text: string): PageNotice => ({ tone: "error", title, text });
  switch (answer.kind) {
    case "not-a-page":
      return error("This is not a page to open", "Open the link in our email to see your quote.");
    case "foreign":
      return error(
        "Accept on our own page",
        `This acceptance was sent from another website, so we did not take it. Open the link in our email and accept there${call(phone)}.`,
      );
    case "too-many":
      return error("Too many tries", "Wait a minute, then open the link in our email again.");
    case "unknown":
      return error(
        "This link does not work",
        `It may have been cut short when it was copied. Open it again from our email, reply to that email${call(phone)}.`,
      );
    case "superseded":
      return error(
        "This quote has been replaced",
        `We have emailed you a newer quote: use the link in that email. To ask about it, reply to it${call(phone)}.`,
      );
    case "closed":
      return error(
        "This quote is closed",
        `It can no longer be accepted online. Reply to our email${call(phone)}.`,
      );
    case "expired":
      return error(
        "This quote has expired",
        `It stood until ${answer.view.validUntil}. Reply to our email${call(phone)} and we will quote again.`,
      );
    case "accepted": {
      const when = `${dayLong(answer.day)}, ${timeLabel(answer.time).toLowerCase()}`;
      if (answer.confirmed)
        return {
          tone: "success",
          title: "Your booking is confirmed",
          text: `For ${when}. We emailed you the details.`,
        };
      return {
        tone: "success",
        title: answer.first ? "Thank you: you accepted the quote" : "You have accepted this quote",
        text: `For ${when}. We will confirm the booking by email; if we cannot take that day, we will email you other days.`,
      };
    }
    case "choose":
      if (answer.refused === "time") return error("Please choose a time of day", "Morning or afternoon.");
      if (answer.refused) return error("Please choose another day", DAY_REFUSALS[answer.refused]);
      if (answer.days.length) return undefined;
      return error(
        "No day left to choose",
        `Every day we could offer for this quote is taken. Reply to our email or call us${phone ? ` on ${phone}` : ""} and we will find one.`,
      );
  }
}

/** The page for an answer: its notice, the quote below it where there is one, and the choice of a day. */
export function bookingPage(answer: BookingAnswer, phone: string): string {
  const notice = noticeOf(answer, phone);
  const view = answer.kind === "accepted" || answer.kind === "choose" ? answer.view : undefined;
  const includes = includesMarkup(view?.service, M, "items");
  const quote = view
    ? fillSlots(
        M.quote,
        { total: view.total, gst: view.gst, validUntil: view.validUntil },
        {
          rows: view.rows.map((r) => fillSlots(M.row, r)).join(""),
          note: view.note ? fillSlots(M.note, { note: view.note }) : "",
          includes,
        },
      )
    : "";
  const { days = [], chosen = {}, token = "" } = answer.kind === "choose" ? answer : {};
  const check = (markup: string, value: string | undefined, own: string) =>
    value === own ? markup.replace(' required=""', ' required="" checked=""') : markup;
  const dayChoices = days.map((day) =>
    check(fillSlots(M.day, { value: day, label: dayShort(day) }), chosen.day, day),
  );
  const timeChoices = TIMES_OF_DAY.map((t) =>
    check(fillSlots(M.time, { value: t.value, label: t.label }), chosen.time, t.value),
  );
  const form = days.length
    ? fillSlots(
        M.form,
        { action: BOOKING_PATH, token },
        { days: dayChoices.join(""), times: timeChoices.join("") },
      )
    : "";
  const title = answer.kind === "choose" ? "Your quote" : notice!.title;
  const shown = notice ? fillSlots(M.notice[notice.tone], { title: notice.title, text: notice.text }) : "";
  return fillSlots(
    M.page,
    {
      title,
      role: notice?.tone === "error" ? "alert" : "status",
      phone,
      phoneHref: phone ? telHref(phone) : "",
    },
    { notice: shown, body: quote + form },
  );
}

/**
 * The page as the answer, with its headers: never cached (it carries a token), never framed, nothing
 * loaded from elsewhere, and its address (the token) never sent to another site as a referrer;
 * same-origin, not no-referrer, so the browser still names this origin on the page's own post
 * (no-referrer sends `Origin: null`).
 */
export function bookingResponse(
  status: number,
  answer: BookingAnswer,
  phone: string,
  extra: Record<string, string> = {},
): Response {
  const h = new Headers(extra);
  h.set("Content-Type", "text/html; charset=utf-8");
  h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "same-origin");
  h.set("Content-Security-Policy", RELAY_PAGE_CSP);
  return new Response(bookingPage(answer, phone), { status, headers: h });
}
