/**
 * The owner's commands through the Node relay's own doors (issue 52): read by long polling and by
 * the webhook, answered in the owner's chat only, their menu set with setMyCommands for that chat
 * alone (tried again at the next minute when Telegram turns it away), and in a private chat, which
 * has no links to messages, each lead listed as a button that brings its stage buttons. Its twin on
 * workerd: worker/desk.e2e.test.ts; the answers themselves: owner/desk.test.ts.
 */
import { describe, expect, it } from "vitest";
import { QuoteBody } from "../testing/services.ts";
import { quoteNotices } from "../telegram/notice.ts";
import { COMMANDS } from "../owner/commands.ts";
import { testClock } from "../testing/clock.ts";
import { CLOCK } from "../testing/business.ts";
import { within } from "../testing/leads.ts";
import { relayPerTest, type RunningRelay } from "../testing/relay-stack.ts";
import { OWNER } from "../testing/telegram-stand-in.ts";

const clock = testClock("frozen", Date.parse("2026-11-30T09:00:00+10:00"));
/** Someone else's private chat with the bot: they found it and typed its commands. */
const STRANGER = "777000111";

/** A quote request stored and sent by the relay's delivery loop. */
async function lead(relay: RunningRelay, name: string, phone: string): Promise<void> {
  const body = QuoteBody.parse({ name, email: "a@example.com", phone });
  const receivedAt = clock.now() - 3 * 3_600_000;
  await relay.opened.store.add({
    id: `lead-${name.replace(/\W/g, "")}`,
    form: "quote",
    fields: body,
    parts: quoteNotices(body, new Date(receivedAt), { clock: CLOCK }),
    receivedAt,
  });
  await relay.drained();
}

describe("the owner's commands on the Node relay", () => {
  const stack = relayPerTest();

  it("by long polling: answered in the owner's chat, ignored from another; the menu set for the owner's chat only, again after a refusal", async () => {
    const { tg } = stack;
    const relay = await stack.start({ env: { TELEGRAM_UPDATES: "polling" }, now: clock.now });
    await lead(relay, "Ann Lee", "0412 345 678");
    tg.on("setMyCommands", { kind: "down" });
    await relay.ownerTick();
    expect(tg.commands.size).toBe(0);
    expect(stack.logs.some((l) => /could not set the owner's commands \(503 /.test(l))).toBe(true);
    await relay.ownerTick();
    expect([...tg.commands]).toEqual([[`chat:${tg.chatId}/`, COMMANDS.map((c) => ({ ...c }))]]);
    const calls = tg.calls("setMyCommands");
    await relay.ownerTick();
    expect(tg.calls("setMyCommands"), "set once, not every minute").toBe(calls);

    const sent = tg.delivered.length;
    await tg.write("/leads@jacaranda_leads_bot");
    await tg.write("/leads", { id: 9_999, first_name: "Stranger" }, STRANGER);
    await tg.write("/help");
    await within(tg.idle(), "the relay to read the commands by long polling");
    expect(tg.delivered.slice(sent).map((d) => d.shown.split("\n")[0])).toEqual([
      "Open leads (1), oldest first",
      "The commands",
    ]);
    expect(tg.delivered.slice(sent).every((d) => d.chatId === tg.chatId)).toBe(true);
    expect(stack.logs).toContain("relay: a command from another chat was ignored");
  });

  it("with TELEGRAM_UPDATES=off, no menu: nothing would read its commands", async () => {
    const relay = await stack.start({ env: { TELEGRAM_UPDATES: "off" }, now: clock.now });
    await relay.ownerTick();
    expect(stack.tg.calls("setMyCommands")).toBe(0);
  });

  it("by the webhook: a command is answered before Telegram's post is, and the same update again counts once", async () => {
    const { tg } = stack;
    const relay = await stack.start({ env: { TELEGRAM_UPDATES: "webhook" }, now: clock.now });
    await lead(relay, "Ann Lee", "0412 345 678");
    const sent = tg.delivered.length;
    expect(await tg.write("/jobs")).toBe(200);
    expect(await tg.redeliver(tg.updates.at(-1)!)).toBe(200);
    expect(tg.delivered.slice(sent).map((d) => d.shown)).toEqual([
      "Jobs booked from today (0)\nNone booked yet.\n",
    ]);
  });
}, 30_000);

describe("in a private chat", () => {
  const stack = relayPerTest({ standIn: { chatId: String(OWNER.id) } });
  it("the menu is set for that chat; /leads offers each lead as a button (no links to messages there), which brings its stage buttons as a reply to its notice; a reply to that counts", async () => {
    const { tg } = stack;
    const relay = await stack.start({ env: { TELEGRAM_UPDATES: "webhook" }, now: clock.now });
    await lead(relay, "Bo Private", "0412 000 111");
    await relay.ownerTick();
    expect([...tg.commands.keys()]).toEqual([`chat:${OWNER.id}/`]);
    expect(await tg.write("/leads")).toBe(200);
    const answer = tg.delivered.at(-1)!;
    expect(answer.shown).toBe("Open leads (1), oldest first\n1. Bo Private, +61 412 000 111, waiting, 3 h\n");
    const open = answer.replyMarkup!.inline_keyboard.flat();
    expect(open.map((b) => b.text)).toEqual(["1. Bo Private"]);
    expect(await tg.press(answer.messageId, open[0].callback_data!)).toBe(200);
    const card = tg.delivered.at(-1)!;
    const notice = (await relay.opened.store.get("lead-BoPrivate"))!.noticeMessageId!;
    expect(card.shown).toBe("Bo Private, +61 412 000 111, waiting, 3 h since 6:00 am");
    expect(tg.messages.get(card.messageId)!.replyTo).toBe(notice);
    expect(card.replyMarkup!.inline_keyboard.flat().map((b) => b.text)).toContain("Called");
    expect(await tg.reply(card.messageId, "$380")).toBe(200);
    expect(await relay.opened.store.notes.quote("lead-BoPrivate")).toBe(38_000);
  });
});
