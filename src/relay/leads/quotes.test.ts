/**
 * The quotes' store (quotes.ts) on a real SQLite file: each step that must happen once changes a row
 * only from the state it expects, so a step repeated (a reply handled again, a second press, a second
 * post, two customers at once) changes nothing more.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempLeadStore } from "../testing/leads.ts";

const ANN = "0a000000-0000-4000-8000-0000000000d1";
const BOB = "0b000000-0000-4000-8000-0000000000d2";
const NOW = Date.parse("2027-01-12T10:00:00+10:00");
const DAY = 24 * 60 * 60_000;

let t: ReturnType<typeof tempLeadStore>;
beforeEach(async () => {
  t = tempLeadStore();
  for (const id of [ANN, BOB])
    await t.store.add({
      id,
      form: "quote",
      fields: { name: id, email: "a@example.com" },
      parts: ["x"],
      receivedAt: NOW,
    });
});
afterEach(() => t.remove());

const quote = (leadId: string, replyTo: string, cents = 38_000) =>
  t.store.quotes.add(leadId, { cents, note: null, byName: "Sam", at: NOW, replyTo });
const sent = async (leadId: string, seq: number) =>
  t.store.quotes.send(leadId, seq, { at: NOW, expiresAt: NOW + 14 * DAY, link: `https://relay.test/${seq}` });

describe("the quotes' store", () => {
  it("makes one quote of one reply, however often the reply is handled, numbering each lead's from 1", async () => {
    expect(await quote(ANN, "chat:10")).toEqual({ seq: 1, made: true });
    expect(await quote(ANN, "chat:10")).toEqual({ seq: 1, made: false });
    expect(await quote(ANN, "chat:11", 42_000)).toEqual({ seq: 2, made: true });
    expect(await quote(BOB, "chat:12")).toEqual({ seq: 1, made: true });
    expect((await t.store.quotes.ofLead(ANN)).map((q) => [q.seq, q.cents])).toEqual([
      [1, 38_000],
      [2, 42_000],
    ]);
  });

  it("sends only the lead's newest draft, once; Not yet keeps a draft from being sent", async () => {
    await quote(ANN, "chat:1");
    await quote(ANN, "chat:2");
    expect(await sent(ANN, 1)).toBe(false);
    expect(await sent(ANN, 2)).toBe(true);
    expect(await sent(ANN, 2)).toBe(false);
    await quote(ANN, "chat:3");
    expect(await t.store.quotes.hold(ANN, 3, NOW)).toBe(true);
    expect(await sent(ANN, 3)).toBe(false);
    expect((await t.store.quotes.latestSent(ANN))?.seq).toBe(2);
  });

  it("takes a day's last place once: the second customer is refused, the first's second post is one acceptance", async () => {
    for (const id of [ANN, BOB]) {
      await quote(id, `chat:${id}`);
      await sent(id, 1);
    }
    const accept = (leadId: string, day = "2027-01-14") =>
      t.store.quotes.accept(
        { leadId, seq: 1 },
        { day, time: "morning" },
        { at: NOW, jobsPerDay: 1, anyRoom: false },
      );
    const [ann, bob] = await Promise.all([accept(ANN), accept(BOB)]);
    expect([ann, bob].sort()).toEqual(["accepted", "refused"]);
    const first = ann === "accepted" ? ANN : BOB;
    expect(await accept(first, "2027-01-16")).toBe("again");
    expect((await t.store.quotes.get(first, 1))?.day).toBe("2027-01-14");
    expect(await t.store.quotes.taken("2027-01-13")).toEqual(new Map([["2027-01-14", 1]]));
  });

  it("refuses a quote expired, superseded, or of an erased lead", async () => {
    await quote(ANN, "chat:1");
    await sent(ANN, 1);
    const accept = (seq: number, at: number) =>
      t.store.quotes.accept(
        { leadId: ANN, seq },
        { day: "2027-01-14", time: "morning" },
        { at, jobsPerDay: 5, anyRoom: false },
      );
    expect(await accept(1, NOW + 14 * DAY)).toBe("refused");
    await quote(ANN, "chat:2");
    await sent(ANN, 2);
    expect(await accept(1, NOW)).toBe("refused");
    await t.store.sql.run("UPDATE leads SET erased_at = ? WHERE id = ?", [NOW, ANN]);
    expect(await accept(2, NOW)).toBe("refused");
  });

  it("claims an acceptance's notice for one sender, and says a possible repeat once a claim ran out untold", async () => {
    await quote(ANN, "chat:1");
    await sent(ANN, 1);
    await t.store.quotes.accept(
      { leadId: ANN, seq: 1 },
      { day: "2027-01-14", time: "morning" },
      { at: NOW, jobsPerDay: 1, anyRoom: false },
    );
    const [first] = await t.store.quotes.claimTelling(NOW, NOW + 60_000);
    expect(first.repeat).toBe(false);
    expect(await t.store.quotes.claimTelling(NOW + 1, NOW + 60_000)).toEqual([]);
    const [again] = await t.store.quotes.claimTelling(NOW + 60_000, NOW + 120_000);
    expect(again.repeat).toBe(true);
    await t.store.quotes.notTold(again.quote);
    expect((await t.store.quotes.claimTelling(NOW + 60_001, NOW + 120_000))[0].repeat).toBe(true);
    await t.store.quotes.told(again.quote, NOW, "chat", 7);
    expect(await t.store.quotes.claimTelling(NOW + 200_000, NOW + 300_000)).toEqual([]);
  });

  it("confirms or gives the day back, never both; the booking and the owed emails follow the confirmation", async () => {
    await quote(ANN, "chat:1");
    await sent(ANN, 1);
    await t.store.quotes.accept(
      { leadId: ANN, seq: 1 },
      { day: "2027-01-14", time: "morning" },
      { at: NOW, jobsPerDay: 1, anyRoom: false },
    );
    expect((await t.store.quotes.owedEmails()).map((o) => o.kind)).toEqual(["quote"]);
    expect(await t.store.quotes.confirm({ leadId: ANN, seq: 1 }, NOW, "Sam")).toBe(true);
    expect(await t.store.quotes.confirm({ leadId: ANN, seq: 1 }, NOW, "Kim")).toBe(false);
    expect(await t.store.quotes.release({ leadId: ANN, seq: 1 }, NOW)).toBe(false);
    expect((await t.store.quotes.booking(ANN))?.confirmedBy).toBe("Sam");
    expect((await t.store.quotes.bookedOn("2027-01-14")).map((q) => q.leadId)).toEqual([ANN]);
    expect((await t.store.quotes.owedEmails()).map((o) => o.kind).sort()).toEqual(["booking", "quote"]);
    // A lead Lost since holds no day.
    await t.store.sql.run("UPDATE leads SET stage = 'lost' WHERE id = ?", [ANN]);
    expect(await t.store.quotes.bookedOn("2027-01-14")).toEqual([]);
  });
});
