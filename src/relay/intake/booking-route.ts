/**
 * GET and POST /api/book: the customer's page for a quote the owner emailed
 * (issue 51). GET shows the quote and the days to choose from; POST (a plain
 * form, with or without script) accepts it for a day and a time of day.
 * Every answer is a page: a link that does not work (tampered, cut short,
 * another lead's), a quote superseded, expired or closed, a day not worked or
 * full, a post from another site, each says so and what to do. Accepting
 * twice is one acceptance: the second sees the first. Once accepted, the
 * owner is told in Telegram (told here for at most the answer's budget, and
 * by the owner's minute tick otherwise; decision 0094).
 */
import { BOOKING_PATH } from "../../shared/relay-paths.ts";
import { DAY_REFUSALS, dayLong, daysOffered, dayStatus, isTimeOfDay, timeLabel } from "../booking/days.ts";
import { readBookingForm, type BookingDoor } from "../booking/door.ts";
import { acceptPage, noticePage, type PageNotice } from "../booking/page.ts";
import { quoteView } from "../booking/quote-view.ts";
import type { Clock } from "../clock.ts";
import { standing, type Standing } from "../booking/standing.ts";
import { sameHost } from "./answers.ts";
import { readBody } from "./body.ts";
import { clientKey } from "./client-address.ts";
import type { Client, Intake } from "./context.ts";

/**
 * The page's headers: never cached (it carries a token), never framed, nothing loaded from elsewhere, and
 * its address (the token) never sent to another site as a referrer; same-origin, not no-referrer, so the
 * browser still names this origin on the page's own post (no-referrer sends `Origin: null`).
 */
function page(status: number, html: string, extra: Record<string, string> = {}): Response {
  const h = new Headers(extra);
  h.set("Content-Type", "text/html; charset=utf-8");
  h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "same-origin");
  h.set(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  return new Response(html, { status, headers: h });
}

const call = (phone: string) => (phone ? ` or call us on ${phone}` : " or call us");

/** What a link that cannot be used says, and its status. */
function refusal(
  s: Standing,
  phone: string,
  clock: Clock,
): { status: number; notice: PageNotice } | undefined {
  switch (s.kind) {
    case "unknown":
      return {
        status: 404,
        notice: {
          tone: "error",
          title: "This link does not work",
          text: `It may have been cut short when it was copied. Open it again from our email, reply to that email${call(phone)}.`,
        },
      };
    case "superseded":
      return {
        status: 410,
        notice: {
          tone: "error",
          title: "This quote has been replaced",
          text: `We have emailed you a newer quote: use the link in that email. To ask about it, reply to it${call(phone)}.`,
        },
      };
    case "closed":
      return {
        status: 410,
        notice: {
          tone: "error",
          title: "This quote is closed",
          text: `It can no longer be accepted online. Reply to our email${call(phone)}.`,
        },
      };
    case "expired":
      return {
        status: 410,
        notice: {
          tone: "error",
          title: "This quote has expired",
          text: `It stood until ${quoteView(s.lead, s.quote, clock).validUntil}. Reply to our email${call(phone)} and we will quote again.`,
        },
      };
    default:
      return undefined;
  }
}

/** The acceptance as the customer is shown it, the first time and every time after. */
function accepted(
  s: Extract<Standing, { kind: "accepted" }>,
  { phone, clock, services }: Pick<Intake, "phone" | "clock" | "services">,
  first: boolean,
): Response {
  const { quote } = s;
  const when = `${dayLong(quote.day!)}, ${timeLabel(quote.timeOfDay!).toLowerCase()}`;
  const notice: PageNotice = quote.confirmedAt
    ? {
        tone: "success",
        title: "Your booking is confirmed",
        text: `For ${when}. We emailed you the details.`,
      }
    : {
        tone: "success",
        title: first ? "Thank you: you accepted the quote" : "You have accepted this quote",
        text: `For ${when}. We will confirm the booking by email; if we cannot take that day, we will email you other days.`,
      };
  return page(200, noticePage(notice, phone, quoteView(s.lead, quote, clock, services)));
}

/** GET or POST /api/book. */
export async function bookingRoute(
  intake: Intake,
  door: BookingDoor,
  request: Request,
  url: URL,
  client: Client,
): Promise<Response> {
  const phone = intake.phone;
  if (request.method === "GET" || request.method === "HEAD")
    return show(intake, door, url.searchParams.get("q"));
  if (request.method !== "POST") return page(405, noticePage(NOT_A_PAGE, phone), { Allow: "GET, POST" });
  const origin = request.headers.get("Origin");
  // The page's own form posts from the relay's origin; a post from anywhere else is not the customer's press.
  if (origin && !sameHost(origin, url, intake.ownOrigin)) {
    intake.log(`relay: an acceptance posted from ${origin} was refused`);
    return page(403, noticePage(FOREIGN(phone), phone));
  }
  const allowed = await intake.limiter.take(clientKey(request, client?.clientAddress, intake.trustProxy));
  if (!allowed.ok)
    return page(429, noticePage(TOO_MANY, phone), { "Retry-After": String(allowed.retryAfterSeconds) });
  const raw = await readBody(request);
  if (raw === undefined) return page(413, noticePage(NOT_A_PAGE, phone));
  return accept(intake, door, readBookingForm(raw));
}

const NOT_A_PAGE: PageNotice = {
  tone: "error",
  title: "This is not a page to open",
  text: "Open the link in our email to see your quote.",
};
const FOREIGN = (phone: string): PageNotice => ({
  tone: "error",
  title: "Accept on our own page",
  text: `This acceptance was sent from another website, so we did not take it. Open the link in our email and accept there${call(phone)}.`,
});
const TOO_MANY: PageNotice = {
  tone: "error",
  title: "Too many tries",
  text: "Wait a minute, then open the link in our email again.",
};

async function show(intake: Intake, door: BookingDoor, token: string | null): Promise<Response> {
  const now = intake.now().getTime();
  const s = await standing(intake.store, await (await door.signer()).read(token), now);
  if (s.kind === "accepted") return accepted(s, intake, false);
  const refused = refusal(s, intake.phone, intake.clock);
  if (refused || s.kind !== "open")
    return page(refused?.status ?? 404, noticePage(refused!.notice, intake.phone));
  return page(200, await choicePage(intake, door, s, token!));
}

/** The quote and the days still open for it. */
async function choicePage(
  intake: Intake,
  door: BookingDoor,
  s: Extract<Standing, { kind: "open" }>,
  token: string,
  notice?: PageNotice,
  chosen?: { day?: string; time?: string },
): Promise<string> {
  const now = intake.now().getTime();
  const taken = await intake.store.quotes.taken(intake.clock.local(now).date);
  const days = daysOffered({ rules: door.rules, hours: door.hours, now, taken, only: s.quote.days });
  return acceptPage({
    view: quoteView(s.lead, s.quote, intake.clock, intake.services),
    token,
    action: BOOKING_PATH,
    days,
    phone: intake.phone,
    notice,
    chosen,
  });
}

async function accept(
  intake: Intake,
  door: BookingDoor,
  form: { token: string; day: string; time: string },
): Promise<Response> {
  const { store, log } = intake;
  const now = intake.now().getTime();
  const ref = await (await door.signer()).read(form.token);
  const s = await standing(store, ref, now);
  if (s.kind === "accepted") return accepted(s, intake, false);
  const refused = refusal(s, intake.phone, intake.clock);
  if (refused || s.kind !== "open")
    return page(refused?.status ?? 404, noticePage(refused!.notice, intake.phone));
  const again = (status: number, notice: PageNotice) =>
    choicePage(intake, door, s, form.token, notice, form).then((html) => page(status, html));
  if (!isTimeOfDay(form.time))
    return again(400, { tone: "error", title: "Please choose a time of day", text: "Morning or afternoon." });
  const taken = await store.quotes.taken(intake.clock.local(now).date);
  const status = dayStatus(form.day, {
    rules: door.rules,
    hours: door.hours,
    now,
    taken,
    only: s.quote.days,
  });
  if (status !== "open")
    return again(409, { tone: "error", title: "Please choose another day", text: DAY_REFUSALS[status] });
  const result = await store.quotes.accept(
    s.quote,
    { day: form.day, time: form.time },
    { at: now, jobsPerDay: door.rules.jobsPerDay, anyRoom: s.quote.days !== null },
  );
  const after = await standing(store, ref, now);
  if (after.kind !== "accepted") {
    // Refused in the store: the day filled up between the page and the press, or the link stopped working.
    const late = refusal(after, intake.phone, intake.clock);
    if (late) return page(late.status, noticePage(late.notice, intake.phone));
    return again(409, { tone: "error", title: "Please choose another day", text: DAY_REFUSALS.full });
  }
  if (result === "accepted") {
    log(`relay: lead ${s.lead.id}: quote ${s.quote.seq} accepted for ${form.day}, ${form.time}`);
    // The owner hears of it now if Telegram answers in time; the minute tick tells them otherwise.
    if (door.accepted)
      await Promise.race([
        door
          .accepted(s.lead.id)
          .catch((e: unknown) => log(`relay: could not tell the owner yet: ${(e as Error).message}`)),
        new Promise((resolve) => setTimeout(resolve, intake.answerBudgetMs)),
      ]);
  }
  return accepted(after, intake, result === "accepted");
}
