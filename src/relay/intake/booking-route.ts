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
 *
 * This file decides what to answer and with which status; booking/page.ts
 * words it, in the business's name and number the door was given.
 */
import { daysOffered, dayStatus, isTimeOfDay, type DayStatus } from "../booking/days.ts";
import { readBookingForm, type BookingDoor } from "../booking/door.ts";
import { bookingResponse, type BookingAnswer } from "../booking/page.ts";
import { quoteView } from "../booking/quote-view.ts";
import { standing } from "../booking/standing.ts";
import { sameHost } from "./form-post.ts";
import { readBody } from "./body.ts";
import { waitAtMost } from "./budget.ts";
import { clientKey } from "./client-address.ts";
import type { Client, Intake } from "./context.ts";

/** What the route reads of the intake: the store and the clock, the door's checks, the log. */
export type BookingIntake = Pick<
  Intake,
  "store" | "now" | "log" | "limiter" | "trustProxy" | "ownOrigin" | "answerBudgetMs"
>;

/** An answer with its status, and the headers that go with a refusal. */
type Answered = { status: number; answer: BookingAnswer; headers?: Record<string, string> };

/** GET or POST /api/book. */
export async function bookingRoute(
  intake: BookingIntake,
  door: BookingDoor,
  request: Request,
  url: URL,
  client: Client,
): Promise<Response> {
  const { status, answer, headers } = await answerTo(intake, door, request, url, client);
  return bookingResponse(status, answer, door.phone, headers);
}

/** What a request asks: to see a link's quote, or to accept it for a day; or why it is not the customer's. */
async function asked(
  { log, limiter, trustProxy, ownOrigin }: BookingIntake,
  request: Request,
  url: URL,
  client: Client,
): Promise<Answered | { token: string | null; form?: { day: string; time: string } }> {
  if (request.method === "GET" || request.method === "HEAD") return { token: url.searchParams.get("q") };
  if (request.method !== "POST")
    return { status: 405, answer: { kind: "not-a-page" }, headers: { Allow: "GET, POST" } };
  const origin = request.headers.get("Origin");
  // The page's own form posts from the relay's origin; a post from anywhere else is not the customer's press.
  if (origin && !sameHost(origin, url, ownOrigin)) {
    log(`relay: an acceptance posted from ${origin} was refused`);
    return { status: 403, answer: { kind: "foreign" } };
  }
  const allowed = await limiter.take(clientKey(request, client?.clientAddress, trustProxy));
  if (!allowed.ok)
    return {
      status: 429,
      answer: { kind: "too-many" },
      headers: { "Retry-After": String(allowed.retryAfterSeconds) },
    };
  const raw = await readBody(request);
  if (raw === undefined) return { status: 413, answer: { kind: "not-a-page" } };
  const { token, day, time } = readBookingForm(raw);
  return { token, form: { day, time } };
}

/**
 * The answer: the link's standing (booking/standing.ts) and, for a post on a quote still open, the
 * acceptance, taken by the store only while the day is not full.
 */
async function answerTo(
  intake: BookingIntake,
  door: BookingDoor,
  request: Request,
  url: URL,
  client: Client,
): Promise<Answered> {
  const ask = await asked(intake, request, url, client);
  if ("answer" in ask) return ask;
  const { store, log } = intake;
  const { rules, hours, services } = door;
  const now = intake.now().getTime();
  const ref = await (await door.signer()).read(ask.token);
  let s = await standing(store, ref, now);
  const { form } = ask;
  let refused: "time" | Exclude<DayStatus, "open"> | undefined;
  let first = false;
  if (form && s.kind === "open") {
    const only = s.quote.days;
    const taken = await store.quotes.taken(hours.clock.local(now).date);
    const status = dayStatus(form.day, { rules, hours, now, taken, only });
    if (!isTimeOfDay(form.time)) refused = "time";
    else if (status !== "open") refused = status;
    else {
      const result = await store.quotes.accept(
        s.quote,
        { day: form.day, time: form.time },
        { at: now, jobsPerDay: rules.jobsPerDay, anyRoom: only !== null },
      );
      const after = await standing(store, ref, now);
      // Refused in the store: the day filled up between the page and the press, or the link stopped working.
      if (after.kind === "open") refused = "full";
      else s = after;
      if (result === "accepted" && after.kind === "accepted") {
        first = true;
        log(`relay: lead ${after.lead.id}: quote ${after.quote.seq} accepted for ${form.day}, ${form.time}`);
        // The owner hears of it now if Telegram answers in time; the minute tick tells them otherwise.
        const told = door.accepted?.(after.lead.id);
        if (told)
          await waitAtMost(
            intake.answerBudgetMs,
            told.catch((e: unknown) => log(`relay: could not tell the owner yet: ${(e as Error).message}`)),
          );
      }
    }
  }
  if (s.kind === "unknown" || s.kind === "superseded" || s.kind === "closed")
    return { status: s.kind === "unknown" ? 404 : 410, answer: { kind: s.kind } };
  const view = quoteView(s.lead, s.quote, hours.clock, services);
  if (s.kind === "expired") return { status: 410, answer: { kind: "expired", view } };
  const { quote } = s;
  if (s.kind === "accepted")
    return {
      status: 200,
      answer: {
        kind: "accepted",
        view,
        day: quote.day!,
        time: quote.timeOfDay!,
        confirmed: !!quote.confirmedAt,
        first,
      },
    };
  const taken = await store.quotes.taken(hours.clock.local(now).date);
  const days = daysOffered({ rules, hours, now, taken, only: quote.days });
  const status = refused === undefined ? 200 : refused === "time" ? 400 : 409;
  return { status, answer: { kind: "choose", view, token: ask.token!, days, refused, chosen: form } };
}
