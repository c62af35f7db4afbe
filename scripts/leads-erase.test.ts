/**
 * `npm run leads -- erase` (issue 49, decision 0073), in this process (runLeads) against the lead
 * store of a Node relay running with the Telegram stand-in (relay-stack.ts): a visitor forgotten on
 * request. Their personal data goes from every table at once, the line that a lead was erased
 * stays (the report's counts with it), and the relay edits the lead's messages in Telegram to say
 * so at its next minute. On the Worker's D1 through wrangler: leads-d1.e2e.test.ts.
 */
import { describe, expect, it } from "vitest";
import { QUOTE_PATH } from "../src/shared/paths.ts";
import { testClock } from "../src/relay/testing/clock.ts";
import { nextNoon } from "../src/relay/testing/business.ts";
import { relayPerTest, type RunningRelay } from "../src/relay/testing/relay-stack.ts";
import { shortId } from "./leads/find.ts";
import { leadsInProcess } from "./testing/leads-run.ts";

const stack = relayPerTest();
const ALWAYS_OPEN = JSON.stringify([
  {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    opens: "00:00",
    closes: "23:59",
  },
]);

const leads = (...args: string[]) => leadsInProcess(args, { LEADS_DB: stack.db.file });

async function post(relay: RunningRelay, body: Record<string, string>, form = "quote") {
  const submissionId = crypto.randomUUID();
  const res = await fetch(`${relay.url}/api/${form}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ submissionId, ...body }),
  });
  expect(res.status).toBe(200);
  return submissionId;
}

/** Every row of every table, as text: what the store still holds of anyone. */
function everything(relay: RunningRelay): string {
  const db = relay.opened.db;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
    name: string;
  }[];
  return JSON.stringify(tables.map(({ name }) => db.prepare(`SELECT * FROM "${name}"`).all()));
}

/** The report's counts of the month: leads by week, form and stage, and the outcomes. */
async function counts() {
  const report = JSON.parse((await leads("report", "--json")).stdout) as Record<string, unknown>;
  return { weeks: report.weeks, outcomes: report.outcomes };
}

describe("npm run leads -- erase", () => {
  it("erases one lead's personal data from every table at once, keeps its line and the report's counts, and the relay edits its messages in Telegram", async () => {
    // At noon: the reminder a minute on comes on its own, never folded into a morning message at midnight.
    const clock = testClock("frozen", nextNoon());
    const relay = await stack.start({
      env: { TELEGRAM_UPDATES: "webhook", BUSINESS_HOURS: ALWAYS_OPEN, LEAD_REMINDER_MINUTES: "1" },
      now: clock.now,
    });
    const id = await post(relay, {
      name: "Mia Forgetme",
      email: "mia.forgetme@example.com",
      phone: "0412 345 678",
      address: "12 Smith St, Annerley",
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: "3",
      page: QUOTE_PATH,
      landing: "/suburbs/annerley/",
      source: "google",
      utm_campaign: "spring-mia",
    });
    const kept = await post(relay, { name: "Kept Person", email: "kept@example.com" });
    await relay.drained();
    const notice = stack.tg.delivered.find((d) => d.shown.includes("Mia Forgetme"))!;
    // A note the owner adds by replying, the reminder a minute on, and the visitor's confirmation.
    expect(await stack.tg.reply(notice.messageId, "wants Saturday, gate code 4711")).toBe(200);
    clock.advance(2 * 60_000);
    await relay.ownerTick();
    const reminder = stack.tg.delivered.find((d) => d.shown.startsWith("Reminder: Mia Forgetme"))!;
    const emails = relay.opened.store.emails;
    await emails.recordConfirmation(id, "mia.forgetme@example.com", clock.now(), {
      perHour: 20,
      ownDomains: [],
    });
    await emails.sent((await emails.forLead(id))[0], clock.now(), "4ef9a417-02e9-4d39-ad75-9611e0fcc33c");
    for (const said of ["Mia Forgetme", "mia.forgetme", "Smith St", "4711", "spring-mia", "annerley"])
      expect(everything(relay)).toContain(said);
    const before = await counts();

    const erased = await leads("erase", id);
    expect(erased.status, erased.stderr).toBe(0);
    expect(erased.stdout).toMatch(
      new RegExp(
        `^Erased lead ${id} \\(quote, received .+\\): what was typed, the job's details, the notes, the email addresses and where the visit came from\\.\\n  The confirmation emailed to the visitor on .+ stays in Resend's records for 30 days\\.\\nThe running relay edits their messages in Telegram to say they were erased, within a minute`,
      ),
    );
    const store = everything(relay);
    for (const said of ["Mia Forgetme", "mia.forgetme", "Smith St", "4711", "spring-mia", "annerley", "0412"])
      expect(store).not.toContain(said);
    // The line that a lead was erased, and the other person's lead as it was.
    expect(await relay.opened.store.get(id)).toMatchObject({
      form: "quote",
      status: "delivered",
      fields: null,
      attribution: {},
      erasedOnRequest: expect.any(Number),
      noticesErased: null,
    });
    expect((await relay.opened.store.get(kept))?.fields?.name).toBe("Kept Person");
    expect(await counts()).toEqual(before);

    // The relay's next minute: the notice and the reminder say only that the lead was erased, without buttons.
    await relay.ownerTick();
    const day = new Intl.DateTimeFormat("en-AU", {
      timeZone: "Australia/Brisbane",
      dateStyle: "long",
    }).format(clock.now());
    for (const messageId of [notice.messageId, reminder.messageId])
      expect(stack.tg.messages.get(messageId)).toMatchObject({
        shown: `Erased at the visitor's request on ${day}: lead ${id}.`,
        replyMarkup: undefined,
      });
    expect((await relay.opened.store.get(id))?.noticesErased).toBe(clock.now());
    expect(
      stack.tg.messages.get(stack.tg.delivered.find((d) => d.shown.includes("Kept Person"))!.messageId)!
        .shown,
    ).toContain("Name: Kept Person");
    const edits = stack.tg.edits.length;
    await relay.ownerTick();
    expect(stack.tg.edits).toHaveLength(edits);
    expect((await leads("show", id)).stdout).toMatch(
      /Erased at the visitor's request on .+; its messages in Telegram were edited to say so on .+\.\n/,
    );
  });

  it("erases every lead of one person by address, a spelling of the same inbox included; one not yet delivered is never sent", async () => {
    const relay = await stack.start();
    stack.tg.always({ kind: "down" });
    const first = await post(relay, { name: "Ann Twice", email: "ann.twice@example.com" });
    const second = await post(relay, { name: "Ann Twice", email: "ANN.Twice+quote@example.com" });
    const other = await post(
      relay,
      { name: "Bo Other", email: "bo@example.com", message: "Hello" },
      "contact",
    );
    await relay.drained();

    const erased = await leads("erase", "--email", "Ann.Twice@example.com");
    expect(erased.status, erased.stderr).toBe(0);
    expect(erased.stdout.match(/^Erased lead /gm)).toHaveLength(2);
    expect(erased.stdout).toContain("  It had not reached Telegram, and now never will.\n");
    for (const lead of [first, second])
      expect(await relay.opened.store.get(lead)).toMatchObject({ fields: null, status: "undeliverable" });
    expect((await relay.opened.store.get(other))?.fields?.name).toBe("Bo Other");

    stack.tg.always({ kind: "ok" });
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 10_000, message: "Bo's lead, once Telegram is back" })
      .toBe(1);
    await relay.drained();
    expect(stack.tg.delivered[0].shown).toContain("Bo Other");
    const health = await (await fetch(`${relay.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, pending: 0, undeliverable: 0 });

    const none = await leads("erase", "--email", "nobody@example.com");
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("No lead gives nobody@example.com as its address");
    expect((await leads("erase", "no-such-lead")).stderr).toContain("No lead with id no-such-lead.");
  });

  it("takes its options as every command does: an id (the short one the list shows too) or --email, not neither nor both", async () => {
    const relay = await stack.start();
    const id = await post(relay, { name: "Cy Short", email: "cy@example.com" });
    await relay.drained();

    expect((await leads("--help")).stdout).toContain("\n  erase ID | --email ADDRESS\n");
    // A mistake in how it was called: one line, the usage, exit code 2, and nothing erased.
    expect(await leads("erase")).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(
        /^Give a lead id: npm run leads -- erase ID \(or --email ADDRESS\)\.\nUsage:/,
      ),
    });
    expect(await leads("erase", id, "--email", "cy@example.com")).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^Give a lead id or --email ADDRESS, not both\.\nUsage:/),
    });
    expect(await leads("erase", "--emial", "cy@example.com")).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^Unknown option --emial\. Did you mean --email\?\n/),
    });
    expect(await leads("show", id, "--email", "cy@example.com")).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--email is not an option of show\.\n/),
    });
    expect((await relay.opened.store.get(id))?.fields?.name).toBe("Cy Short");

    const erased = await leads("erase", shortId(id));
    expect(erased.status, erased.stderr).toBe(0);
    expect(erased.stdout).toContain(`Erased lead ${id} (quote, received `);
    expect((await relay.opened.store.get(id))?.fields).toBeNull();
  });
});
