/**
 * From quoted to booked (issue 51), replayed through a relay's real doors on either host: quote
 * requests posted, the owner's replies and presses as Telegram updates from the stand-in, the
 * emails at the Resend stand-in, the customer's page and post at the relay, the minute tick at each
 * moment the clock is moved to. After every step `agree` reads what the owner could read (the chat,
 * `npm run leads -- show`, the report, the CSV) and the store, and asserts they tell one story.
 * On the way, every forged and tired link and post is refused with a page that says so.
 *
 * The week (Brisbane time; the site's hours, Monday to Friday 8 to 6, Saturday 9 to 4, Sunday
 * closed; one job a day; Friday 15 January blocked): Tuesday 12 January 2027 at 10 am Ann and Bob
 * ask for quotes. The owner replies "$380 incl. oven, Tue or Wed" to Ann's notice and presses Send;
 * Ann opens the link and accepts Thursday morning; the owner confirms. Bob is quoted $420 and then
 * $450 (the first link now says it was replaced), finds Thursday full, accepts Wednesday afternoon,
 * and is offered Monday instead. Wednesday at opening Ann's reminder goes; Thursday's digest opens
 * with her job; in February Bob's last link has expired.
 */
import type { Browser } from "playwright-core";
import { expect } from "vitest";
import { PHONE } from "../../testing/browser.ts";
import { leadsArgs } from "../../../scripts/leads/args.ts";
import { exportLeads } from "../../../scripts/leads/export.ts";
import { output } from "../../../scripts/leads/output.ts";
import { report } from "../../../scripts/leads/report.ts";
import { show } from "../../../scripts/leads/show.ts";
import { capturedIo } from "../../../scripts/script-io.ts";
import type { LeadStore } from "../leads/store.ts";
import type { DeliveredEmail, EmailStandIn } from "./email-stand-in.ts";
import { OWNER, type ChatMessage, type StandIn } from "./telegram-stand-in.ts";
import { CLOCK, FACTS } from "./business.ts";

/** The site's hours, as BUSINESS_HOURS. */
export const BOOKING_HOURS = JSON.stringify([
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { days: ["Saturday"], opens: "09:00", closes: "16:00" },
  { days: ["Sunday"] },
]);
/** content/booking.yaml as the week has it: one job a day, Friday 15 January blocked. */
export const BOOKING_RULES = {
  quoteValidDays: 14,
  jobsPerDay: 1,
  noticeDays: 1,
  weeksAhead: 3,
  blockedDays: ["2027-01-15"],
};
export const BOOKING_START = Date.parse("2027-01-12T10:00:00+10:00");
const at = (local: string) => Date.parse(`${local}:00+10:00`);

const ANN = {
  id: "0a000000-0000-4000-8000-0000000000a1",
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "0412 345 678",
  address: "12 Smith St, Annerley QLD 4105",
  message: "Moving out on the 20th; the code for the gate is 4711",
  service: "bond-cleaning",
  propertyType: "house",
  bedrooms: "3",
  bathrooms: "2",
};
const BOB = {
  id: "0b000000-0000-4000-8000-0000000000b2",
  name: "Bob Chan",
  email: "bob@example.com",
  phone: "0423 456 789",
  address: "5 Oak Ave, Yeronga QLD 4104",
  message: "A spring clean please",
  service: "spring-cleaning",
};

export interface BookingHost {
  tg: StandIn;
  resend: EmailStandIn;
  moveTo(time: number): void;
  /**
   * The relay's own origin, RELAY_ORIGIN, where the test reaches it: the quote form posts there, the
   * customer's page and post are there, and a post from its page carries it.
   */
  origin: string;
  delivered(what: string): Promise<void>;
  handled(): Promise<void>;
  tick(): Promise<void>;
  /**
   * Resolves once the email stand-in has `n` emails of a booking (bookingEmails), running the host's email
   * pass as it would; answers them.
   */
  emails(n: number): Promise<DeliveredEmail[]>;
  store(): Promise<LeadStore>;
  /**
   * The customer opens `link`, chooses `day` and `time`, and presses Accept, as a browser does: answers
   * the page they end on, as text.
   */
  accept(link: string, day: string, time: string): Promise<string>;
}

/** Posts the quote form as the site's script does. */
const quotePost = (host: BookingHost, body: Record<string, string>) =>
  fetch(`${host.origin}/api/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: host.origin },
    body: JSON.stringify(body),
  });

/** A request to the relay at its own address: the customer's page and post. */
const relayRequest = (host: BookingHost, pathAndQuery: string, init?: RequestInit) =>
  fetch(`${host.origin}${pathAndQuery}`, init);

/**
 * The emails of a booking the stand-in took, in order: a quote, a confirmation, a reminder (not the visitor's
 * confirmation).
 */
export const bookingEmails = (resend: EmailStandIn) =>
  resend.delivered.filter((e) =>
    e.tags?.some((t) => t.name === "kind" && /^(quote|booking|reminder)-/.test(t.value)),
  );

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function leads(store: LeadStore, argv: string[]): Promise<string> {
  const io = capturedIo({});
  const args = leadsArgs(argv);
  const run = argv[0] === "show" ? show : argv[0] === "export" ? exportLeads : report;
  await run({ args, store, d1: false, out: output(io), env: {}, site: FACTS, clock: CLOCK });
  expect(io.printed.stderr, `leads ${argv.join(" ")}: nothing on stderr`).toBe("");
  return io.printed.stdout;
}

/** The chat's messages now whose text has `words`. */
const chat = (tg: StandIn, words: string) => [...tg.messages.values()].filter((m) => m.shown.includes(words));
const only = (tg: StandIn, words: string): ChatMessage => {
  const found = chat(tg, words);
  expect(
    found.map((m) => m.shown),
    `one message in the chat says "${words}"`,
  ).toHaveLength(1);
  return found[0];
};
const button = (m: ChatMessage, text: string) => {
  const b = m.replyMarkup?.inline_keyboard.flat().find((x) => x.text === text);
  expect(b?.callback_data, `"${m.shown.split("\n")[0]}" has the button ${text}`).toBeDefined();
  return b!.callback_data!;
};
const lastAnswer = (tg: StandIn) => tg.answers.at(-1)?.text;
const linkOf = (email: DeliveredEmail) => /Accept and choose a day: (\S+)/.exec(email.text ?? "")?.[1] ?? "";
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");

/**
 * The chat, the store, `leads show` and the report agree: each lead's stage (the notice's top line), its
 * quotes as show lists them, and the month's booked jobs.
 */
async function agree(host: BookingHost, what: string): Promise<LeadStore> {
  const store = await host.store();
  let calendarCents = 0;
  for (const person of [ANN, BOB]) {
    const lead = await store.get(person.id);
    if (!lead) continue;
    const quotes = await store.quotes.ofLead(person.id);
    const shown = await leads(store, ["show", person.id]);
    const notice = host.tg.messages.get(lead.noticeMessageId!)!;
    const stageLine = /^Stage: (\S+)/m.exec(notice.shown)?.[1] ?? "waiting";
    expect(stageLine.toLowerCase(), `${what}: ${person.name}'s notice shows the stage`).toBe(
      (lead.stage ?? "waiting").replace("-", " "),
    );
    for (const q of quotes) {
      expect(shown, `${what}: show lists ${person.name}'s quote ${q.seq}`).toContain(`#${q.seq} $`);
      if (q.sentAt !== null)
        expect(shown, `${what}: quote ${q.seq} sent`).toMatch(
          new RegExp(`#${q.seq} [^\\n]*\\n(?:.*days offered.*\\n)?    sent `),
        );
      if (q.acceptedAt !== null) expect(shown).toContain(`accepted`);
    }
    const booking = await store.quotes.booking(person.id);
    expect(/^Booked: .+$/m.test(shown), `${what}: show says ${person.name} is booked`).toBe(
      booking !== undefined,
    );
    if (booking) {
      expect(lead.stage, `${what}: a confirmed booking is at Booked`).toBe("booked");
      calendarCents += booking.cents;
    }
  }
  const month = JSON.parse(await leads(store, ["report", "--month", "2027-01", "--json"]));
  expect(month.calendar.cents, `${what}: the report's jobs booked for January`).toBe(calendarCents);
  return store;
}

export async function replayBookingWeek(host: BookingHost): Promise<void> {
  const { tg } = host;
  for (const person of [ANN, BOB]) {
    const { id, ...fields } = person;
    expect((await quotePost(host, { ...fields, submissionId: id })).status).toBe(200);
  }
  await host.delivered("the two notices");
  const noticeOf = (name: string) => only(tg, `Name: ${name}`);
  await agree(host, "two leads");

  // A quote in one reply: the preview as Ann will read it, with Send and Not yet; Ann is at Quoted.
  await tg.reply(noticeOf(ANN.name).messageId, "$380 incl. oven, Tue or Wed", OWNER);
  await host.handled();
  const preview = only(tg, "Quote recorded for Ann Lee");
  expect(preview.shown).toMatch(
    /^Quote recorded for Ann Lee: \$380\. Marked Quoted\.\nAs they will read it:\n/,
  );
  expect(preview.shown).toContain("Service: Bond Cleaning Brisbane");
  expect(preview.shown).toContain("The job: House · 3 bed · 2 bath");
  expect(preview.shown).toContain("Note: incl. oven, Tue or Wed");
  expect(preview.shown).toContain("Total $380. Includes GST of $34.55.");
  expect(preview.shown).toContain("Stands until Tuesday 26 January 2027, if sent now.");
  expect(preview.replyMarkup!.inline_keyboard.flat().map((b) => b.text)).toEqual(["Send to Ann", "Not yet"]);
  expect((await (await agree(host, "Ann quoted")).get(ANN.id))?.stage).toBe("quoted");

  await tg.press(preview.messageId, button(preview, "Send to Ann"), OWNER);
  await host.handled();
  expect(lastAnswer(tg)).toBe("Sent to Ann.");
  const [quoteEmail] = await host.emails(1);
  expect(quoteEmail.to).toEqual([ANN.email]);
  expect(quoteEmail.subject).toBe("Your quote from Jacaranda Cleaning Co.");
  expect(quoteEmail.text).toContain("Total price: $380");
  expect(quoteEmail.text).toContain("Includes GST of $34.55.");
  expect(quoteEmail.text).toContain("This quote stands until Tuesday 26 January 2027.");
  expect(quoteEmail.html).toContain("Accept and choose a day</a>");
  // Nothing Ann typed: the address the email went to is not yet known to be hers.
  for (const part of [quoteEmail.text, quoteEmail.html])
    for (const typed of ["Ann", "Smith St", "4711", "0412"]) expect(part).not.toContain(typed);
  expect(only(tg, "Quote recorded for Ann Lee").shown).toContain("\n\nSent to Ann by Sam at 10:00 am.");
  expect(only(tg, "Quote recorded for Ann Lee").replyMarkup?.inline_keyboard.flat() ?? []).toEqual([]);
  const annLink = linkOf(quoteEmail);
  expect(annLink.startsWith(`${host.origin}/api/book?q=${ANN.id}.1.`)).toBe(true);
  await agree(host, "Ann's quote sent");

  // The page: the quote, the days the business works less Friday (blocked) and Sunday (closed).
  const page = await (await relayRequest(host, pathOf(annLink))).text();
  expect(page).toContain("Your quote");
  expect(page).toContain("$380");
  expect(page).toContain("A note from us: </span>incl. oven, Tue or Wed");
  for (const day of ["2027-01-13", "2027-01-14", "2027-01-16", "2027-01-18"])
    expect(page).toContain(`value="${day}"`);
  for (const day of ["2027-01-12", "2027-01-15", "2027-01-17"]) expect(page).not.toContain(`value="${day}"`);
  for (const typed of ["Ann", "Smith St", "4711"]) expect(page).not.toContain(typed);

  await refusals(host, annLink);
  const done = await host.accept(annLink, "2027-01-14", "morning");
  expect(done).toContain("Thank you: you accepted the quote");
  expect(done).toContain("For Thursday 14 January 2027, morning.");
  const post = (link: string, day: string, time = "morning") =>
    relayRequest(host, "/api/book", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: host.origin },
      body: form({ q: new URL(link).searchParams.get("q")!, day, time }),
    });
  // Accepting twice is one acceptance.
  const twice = await post(annLink, "2027-01-16", "afternoon");
  expect(twice.status).toBe(200);
  expect(await twice.text()).toContain("You have accepted this quote");
  const acceptance = only(tg, "accepted $380 for Thu 14 Jan, morning");
  expect(acceptance.shown).toMatch(/^Ann Lee accepted \$380 for Thu 14 Jan, morning, \+61 412 345 678\./);
  await agree(host, "Ann accepted");

  // Bob: quoted twice; the first link says it was replaced, Thursday is full, Wednesday afternoon taken.
  const bobLinks: string[] = [];
  for (const [amount, n] of [
    ["$420", 2],
    ["$450", 3],
  ] as const) {
    await tg.reply(noticeOf(BOB.name).messageId, amount, OWNER);
    await host.handled();
    const shown = chat(tg, "Quote recorded for Bob Chan").at(-1)!;
    await tg.press(shown.messageId, button(shown, "Send to Bob"), OWNER);
    await host.handled();
    bobLinks.push(linkOf((await host.emails(n)).at(-1)!));
  }
  const replaced = await relayRequest(host, pathOf(bobLinks[0]));
  expect(replaced.status).toBe(410);
  expect(await replaced.text()).toContain("This quote has been replaced");
  expect(await (await relayRequest(host, pathOf(bobLinks[1]))).text()).not.toContain('value="2027-01-14"');
  const full = await post(bobLinks[1], "2027-01-14");
  expect(full.status).toBe(409);
  expect(await full.text()).toContain("That day has just been fully booked.");
  expect((await post(bobLinks[1], "2027-01-13", "afternoon")).status).toBe(200);
  await agree(host, "Bob accepted");

  // The owner confirms Ann: Booked, her notice says so, and the confirmation names her day and address.
  await tg.press(acceptance.messageId, button(acceptance, "Confirm booking"), OWNER);
  await host.handled();
  expect(lastAnswer(tg)).toBe("Booked: Thu 14 Jan, morning.");
  const booked = (await host.emails(4)).at(-1)!;
  expect(booked.to).toEqual([ANN.email]);
  expect(booked.subject).toBe("Booking confirmed for Thursday 14 January 2027: Jacaranda Cleaning Co.");
  expect(booked.text).toContain("Address: 12 Smith St, Annerley QLD 4105");
  expect(booked.text).toContain("Time of day: Morning");
  expect(booked.text).toContain("Before we come:");
  expect(booked.text).toContain("To change or cancel:");
  expect(await (await relayRequest(host, pathOf(annLink))).text()).toContain("Your booking is confirmed");
  expect(noticeOf(ANN.name).shown).toMatch(/^Stage: Booked\nQuote: \$380\nBooked for: Thu 14 Jan, morning\n/);
  await agree(host, "Ann booked");

  // Offer another day to Bob: Monday, by its button; a new link with only Monday, the old one replaced.
  const bobAccepted = only(tg, "Bob Chan accepted $450 for Wed 13 Jan, afternoon");
  await tg.press(bobAccepted.messageId, button(bobAccepted, "Offer another day"), OWNER);
  await host.handled();
  const question = only(tg, "Which day can you offer Bob Chan instead?");
  await tg.press(question.messageId, button(question, "Mon 18 Jan"), OWNER);
  await host.handled();
  expect(lastAnswer(tg)).toBe("New days sent: Mon 18 Jan.");
  const again = (await host.emails(5)).at(-1)!;
  expect(again.text).toContain("with the days we can offer: Mon 18 Jan.");
  const mondayOnly = await (await relayRequest(host, pathOf(linkOf(again)))).text();
  expect(mondayOnly.match(/name="day"/g)).toHaveLength(1);
  expect(mondayOnly).toContain('value="2027-01-18"');
  expect((await relayRequest(host, pathOf(bobLinks[1]))).status).toBe(410);
  await agree(host, "Bob offered Monday");

  // The day before: Ann's reminder at Wednesday's opening. Thursday: the digest opens with her job.
  host.moveTo(at("2027-01-13T08:00"));
  await host.tick();
  const reminder = (await host.emails(6)).at(-1)!;
  expect(reminder.subject).toBe("See you tomorrow, Thursday 14 January 2027: Jacaranda Cleaning Co.");
  expect(reminder.to).toEqual([ANN.email]);
  host.moveTo(at("2027-01-14T08:00"));
  await host.tick();
  const digest = chat(tg, "Today's jobs (1)").at(-1)!;
  expect(digest.shown).toMatch(
    /^Today's jobs \(1\)\n- Morning: Ann Lee, Annerley, \+61 412 345 678, \$380\n/,
  );
  await host.tick();
  expect(bookingEmails(host.resend), "one reminder, however often the tick runs").toHaveLength(6);

  // February: Bob's last link has expired. The CSV has Ann's booking.
  host.moveTo(at("2027-02-02T09:00"));
  const expired = await relayRequest(host, pathOf(linkOf(again)));
  expect(expired.status).toBe(410);
  expect(await expired.text()).toContain("This quote has expired");
  // Bob marked Lost: his link says the quote is closed.
  await tg.press(noticeOf(BOB.name).messageId, `lost:timing:${BOB.id}`, OWNER);
  await host.handled();
  const closed = await relayRequest(host, pathOf(linkOf(again)));
  expect(closed.status).toBe(410);
  expect(await closed.text()).toContain("This quote is closed");
  const store = await agree(host, "February");
  const csv = (await leads(store, ["export", "--format", "csv"])).split("\r\n");
  const annRow = csv.find((line) => line.startsWith(ANN.id))!;
  expect(annRow.endsWith(",2027-01-14,morning,$380")).toBe(true);
}

/** Forged and tired posts and links, each refused with a page that says so. */
async function refusals(host: BookingHost, link: string): Promise<void> {
  const token = new URL(link).searchParams.get("q")!;
  const [lead, seq, mac] = token.split(".");
  const flipped = mac.slice(0, -1) + (mac.endsWith("A") ? "B" : "A");
  for (const forged of [
    `${lead}.${seq}.${flipped}`,
    `${BOB.id}.${seq}.${mac}`,
    `${lead}.2.${mac}`,
    token.slice(0, -4),
  ]) {
    const answer = await relayRequest(host, `/api/book?q=${encodeURIComponent(forged)}`);
    expect(answer.status, forged).toBe(404);
    expect(await answer.text()).toContain("This link does not work");
  }
  const post = (fields: Record<string, string>, origin = host.origin) =>
    relayRequest(host, "/api/book", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: form({ q: token, time: "morning", ...fields }),
    });
  const cases: [Record<string, string>, string | undefined, number, string][] = [
    [{ day: "2027-01-14" }, "https://evil.example", 403, "Accept on our own page"],
    [{ day: "2027-01-17" }, undefined, 409, "We do not work on that day."],
    [{ day: "2027-01-15" }, undefined, 409, "We are not taking bookings on that day."],
    [{ day: "2027-02-30" }, undefined, 409, "That day is not one of the days offered."],
    [{ day: "2027-01-14", time: "midnight" }, undefined, 400, "Please choose a time of day"],
  ];
  for (const [fields, origin, status, words] of cases) {
    const answer = await post(fields, origin);
    expect(answer.status, words).toBe(status);
    expect(await answer.text()).toContain(words);
  }
  expect(
    (await (await host.store()).quotes.get(lead, Number(seq)))?.acceptedAt,
    "nothing was accepted",
  ).toBeNull();
}

/**
 * The customer at 390 px in Chromium: the page without JavaScript (a press with no day chosen posts
 * nothing: the browser asks for one), then with it, a day and a time chosen and Accept pressed.
 * Answers the page they end on, as text.
 */
export async function acceptInChromium(
  browser: Browser,
  link: string,
  day: string,
  time: string,
): Promise<string> {
  const plain = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const bare = await plain.newPage();
  await bare.goto(link);
  expect(
    await bare.evaluate(() => document.documentElement.scrollWidth),
    "no sideways scroll at 390 px",
  ).toBe(PHONE.width);
  await bare.getByRole("button", { name: "Accept" }).click();
  expect(bare.url(), "no day chosen: nothing posted").toBe(link);
  expect(await bare.locator("input[name=day]:invalid").count()).toBeGreaterThan(0);
  await plain.close();
  const scripted = await browser.newContext({ viewport: PHONE });
  const page = await scripted.newPage();
  await page.goto(link);
  await page.locator(`input[name=day][value="${day}"]`).check();
  await page.locator(`input[name=time][value="${time}"]`).check();
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/api/book" && !url.search),
    page.getByRole("button", { name: "Accept" }).click(),
  ]);
  const text = await page.locator("main").innerText();
  await scripted.close();
  return text;
}
