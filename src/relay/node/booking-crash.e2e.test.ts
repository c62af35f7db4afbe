/**
 * A booking through crashes (issue 51, decision 0094): the Node relay in a process of its own
 * (testing/relay-process.ts), killed with SIGKILL and started again on the same store.
 * - Between the customer's acceptance and the owner's notice: the acceptance is kept, and the
 *   notice goes once after the restart, marked "(possible repeat)" because the first try may have
 *   reached Telegram.
 * - Between the owner's Confirm and the confirmation email: a confirmation whose email a crash kept
 *   from being recorded is recorded by the next tick; one the provider took but whose answer the
 *   relay never heard goes again under the same Idempotency-Key, answered from the key: one email.
 */
import { describe, expect, it } from "vitest";
import { linkSigner, LINK_KEY_SETTING } from "../booking/link.ts";
import { FACTS } from "../testing/business.ts";
import { waitFor } from "../testing/leads.ts";
import { crashBench } from "../testing/relay-child.ts";
import { openLeadStore } from "./sqlite.ts";

const LEAD = "0a000000-0000-4000-8000-0000000000c1";
const KEY = "c".repeat(64);
/** Later than any claim a killed relay held on an acceptance (two minutes), as a restart some minutes on. */
const LATER = String(5 * 60_000);
const DAY_MS = 24 * 60 * 60_000;
/**
 * Every day a working day (so a day can be chosen), open one minute a day, twelve hours from now in the
 * business's time zone: no morning message or reminder joins the test's messages, whatever time of day
 * the test runs. (Open at midnight, it met the morning message when run five minutes before.)
 */
const HOUR_NOW = new Intl.DateTimeFormat("en-GB", {
  timeZone: FACTS.timeZone,
  hour: "2-digit",
  hourCycle: "h23",
}).format(Date.now());
const OPENING_HOUR = String((Number(HOUR_NOW) + 12) % 24).padStart(2, "0");
const EVERY_DAY_A_MINUTE = JSON.stringify([
  {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    opens: `${OPENING_HOUR}:00`,
    closes: `${OPENING_HOUR}:01`,
  },
]);

const bench = crashBench({ BUSINESS_HOURS: EVERY_DAY_A_MINUTE, TEST_OWNER_TICK_MS: "200" });

/**
 * A lead delivered long ago (no confirmation of its own is owed), its quote sent with a link signed by
 * the key the relay keeps; `accepted`: the customer chose tomorrow morning, and the owner was told.
 */
async function seed({ accepted = false }: { accepted?: boolean } = {}): Promise<string> {
  const opened = openLeadStore(bench.db.file);
  const { store } = opened;
  const now = Date.now();
  await store.add({
    id: LEAD,
    form: "quote",
    fields: { name: "Ann Lee", email: "ann@example.com", phone: "0412 345 678", address: "12 Smith St" },
    parts: ["New Quote Request: Ann Lee"],
    receivedAt: now - 2 * DAY_MS,
  });
  await store.sql.run("UPDATE leads SET status = 'delivered', delivered_at = ? WHERE id = ?", [
    now - DAY_MS,
    LEAD,
  ]);
  await store.settings.write(LINK_KEY_SETTING, KEY);
  const token = await (await linkSigner(KEY)).token({ leadId: LEAD, seq: 1 });
  await store.quotes.add(LEAD, { cents: 38_000, note: null, byName: "Sam", at: now, replyTo: "chat:1" });
  await store.quotes.send(LEAD, 1, {
    at: now,
    expiresAt: now + 14 * DAY_MS,
    link: `http://relay.test/api/book?q=${token}`,
  });
  // The quote's email went when it was sent.
  await store.emails.record(LEAD, "quote-1", "ann@example.com", now);
  await store.sql.run("UPDATE lead_emails SET status = 'sent', sent_at = ?", [now]);
  if (accepted) {
    const tomorrow = new Date(now + 10 * 3_600_000 + DAY_MS).toISOString().slice(0, 10);
    await store.sql.run(
      "UPDATE lead_quotes SET accepted_at = ?, day = ?, time_of_day = 'morning', told_at = ? WHERE lead_id = ?",
      [now, tomorrow, now, LEAD],
    );
  }
  opened.close();
  return token;
}

const read = <T>(sql: string): T => {
  const opened = openLeadStore(bench.db.file);
  try {
    return opened.db.prepare(sql).get() as T;
  } finally {
    opened.close();
  }
};

describe("a booking through a crash", () => {
  it("kill -9 between the acceptance and the owner's notice: kept, and told once after the restart", async () => {
    const token = await seed();
    const first = await bench.start();
    // Telegram never answers the notice: the relay is killed while it waits.
    bench.tg.next({ kind: "hang" });
    const accepting = fetch(`${first.url}/api/book`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ q: token, day: dayAfterTomorrow(), time: "afternoon" }).toString(),
    }).catch(() => undefined);
    await waitFor("the owner's notice to reach Telegram", () => bench.tg.calls("sendMessage") === 1);
    first.child.kill("SIGKILL");
    await first.exited;
    await accepting;
    expect(
      read<{ accepted_at: number | null; told_at: number | null }>(
        "SELECT accepted_at, told_at FROM lead_quotes",
      ),
    ).toMatchObject({ accepted_at: expect.any(Number), told_at: null });
    expect(bench.tg.delivered).toHaveLength(0);

    const second = await bench.start({ TEST_CLOCK_OFFSET_MS: LATER });
    await waitFor("the notice told after the restart", () => bench.tg.delivered.length === 1);
    await waitFor(
      "Telegram's answer recorded",
      () => read<{ t: number | null }>("SELECT told_at AS t FROM lead_quotes").t !== null,
    );
    const [notice] = bench.tg.delivered;
    expect(notice.shown).toMatch(
      /^\(possible repeat\) Ann Lee accepted \$380 for \w{3} \d+ \w{3}, afternoon, \+61 412 345 678\./,
    );
    expect(notice.replyMarkup!.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "Confirm booking",
      "Offer another day",
    ]);
    // Ticks on: told once.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bench.tg.delivered).toHaveLength(1);
    second.child.kill("SIGKILL");
  }, 60_000);

  it("kill -9 between Confirm and the email: recorded by the next tick, and sent once under its key", async () => {
    await seed({ accepted: true });
    // The confirm was recorded, and the relay died before the email was: the next tick makes it good.
    const opened = openLeadStore(bench.db.file);
    await opened.store.quotes.confirm({ leadId: LEAD, seq: 1 }, Date.now(), "Sam");
    opened.close();
    // Resend takes the email and answers 3 s later: the relay is killed before it hears back.
    bench.resend.on({ kind: "ok", answerDelayMs: 3_000 });
    const first = await bench.start();
    await waitFor("the confirmation to reach the stand-in", () => bench.resend.delivered.length === 1);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(read("SELECT kind, status, uncertain FROM lead_emails WHERE kind != 'quote-1'")).toMatchObject({
      kind: "booking-1",
      status: "pending",
      uncertain: 1,
    });

    const second = await bench.start();
    await waitFor("the retry after the restart", () => bench.resend.requests.some((r) => r.replayed));
    await waitFor(
      "the retry's answer recorded",
      () => read<{ s: string }>("SELECT status AS s FROM lead_emails WHERE kind = 'booking-1'").s === "sent",
    );
    expect(bench.resend.delivered).toHaveLength(1);
    expect(bench.resend.delivered[0].subject).toMatch(/^Booking confirmed for /);
    expect(
      bench.resend.requests.filter((r) => r.idempotencyKey === `booking-1/${LEAD}`).length,
    ).toBeGreaterThanOrEqual(2);
    second.child.kill("SIGKILL");
  }, 60_000);
});

/** The day after tomorrow in Brisbane: a working day within the default notice and weeks ahead. */
function dayAfterTomorrow(): string {
  return new Date(Date.now() + 10 * 3_600_000 + 2 * DAY_MS).toISOString().slice(0, 10);
}
