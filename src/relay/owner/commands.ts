/**
 * The owner's commands (decision 0097): /leads, /find <name or phone>, /jobs, /today and /help,
 * typed in the owner's chat or chosen from its menu, each answered with one message (desk.ts),
 * paged with Previous and Next, which edit that message in place rather than send another (one
 * message a second in a chat is all Telegram asks: the Bots FAQ,
 * https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this). A command from
 * any other chat, or from a bot, is ignored, as a press from another chat is.
 *
 * The menu is set with setMyCommands for the owner's chat only (BotCommandScopeChat,
 * https://core.telegram.org/bots/api#botcommandscopechat), so nobody else who finds the bot sees
 * them; it is set again when the chat changes (a group become a supergroup) or the list does.
 * In a group Telegram's apps write a command chosen from the menu as "/leads@your_bot"; a bot in
 * privacy mode still receives commands (https://core.telegram.org/bots/features#privacy-mode).
 */
import {
  callBot,
  callBotRetrying,
  sendOnce,
  sendWaitingOutLimits,
  type TelegramOptions,
} from "../telegram/client.ts";
import { bold, nameInLine, plain, render, value, type Piece } from "../telegram/markdown.ts";
import { phoneInLine } from "../telegram/phone.ts";
import type { LeadStore } from "../leads/store.ts";
import type { Clock } from "../clock.ts";
import { stageWords } from "../leads/stages.ts";
import { button, type Pressed } from "./buttons.ts";
import { findPage, jobsPage, leadsPage, todayPage, type Desk, type Page } from "./desk.ts";
import { EDIT_RETRY, noticeChat } from "./notice-edit.ts";
import { stageKeyboard } from "./stage-buttons.ts";
import { waitedFor } from "./reminder-text.ts";
import { cleanNote, type OwnerMessage } from "./replies.ts";
import { oneLine } from "../../shared/text.ts";

/** The menu, as setMyCommands takes it (command: 1-32 of a-z 0-9 _; description: 1-256 characters). */
export const COMMANDS = [
  { command: "leads", description: "Open leads, oldest first, with their phones" },
  { command: "find", description: "Find a lead by name or phone: /find Ann, /find 0400 123 456" },
  { command: "jobs", description: "Booked jobs from today on, by day" },
  { command: "today", description: "Today's jobs and who is waiting" },
  { command: "help", description: "What these commands do" },
] as const;

/** What the menu was last set to, and for which chat: set again when either changes. */
const COMMANDS_SETTING = "bot-commands";
/** The longest /find that Next and Previous can carry in callback_data's 64 bytes. */
export const FIND_MAX_BYTES = 40;

interface Ctx {
  store: LeadStore;
  telegram: TelegramOptions;
  clock: Clock;
  log: (message: string) => void;
  now: () => number;
}

/** The owner's menu set for the owner's chat, unless it already is (run by each minute's tick). */
export async function commandsInPlace({ store, telegram, log }: Omit<Ctx, "clock" | "now">): Promise<void> {
  const wanted = `${telegram.chatId} ${JSON.stringify(COMMANDS)}`;
  if ((await store.settings.read(COMMANDS_SETTING)) === wanted) return;
  const set = await callBot(telegram, "setMyCommands", {
    commands: COMMANDS,
    scope: { type: "chat", chat_id: Number(telegram.chatId) },
  });
  if (!set.ok) {
    log(
      `relay: could not set the owner's commands (${set.status ? `${set.status} ` : ""}${set.description}); trying again in a minute`,
    );
    return;
  }
  await store.settings.write(COMMANDS_SETTING, wanted);
  log("relay: the owner's commands (/leads, /find, /jobs, /today, /help) set for the owner's chat");
}

/** "/find@jacaranda_bot Ann Lee" → { name: "find", rest: "Ann Lee" }; undefined for any other text. */
export function commandOf(text: unknown): { name: string; rest: string } | undefined {
  if (typeof text !== "string") return undefined;
  const m = /^\/([A-Za-z0-9_]{1,32})(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  // What follows is shown back to the owner (/find's "Found 2 leads for …"): one line, no controls.
  return m
    ? {
        name: m[1].toLowerCase(),
        rest: oneLine(cleanNote(m[2] ?? ""))
          .replace(/\s+/g, " ")
          .trim(),
      }
    : undefined;
}

/**
 * A message that is a command: answered when it is the owner's chat's and a person's, else ignored.
 * False when the message is none of the menu's commands (a reply, a note: replies.ts).
 */
export async function handleCommand(message: OwnerMessage, ctx: Ctx): Promise<boolean> {
  const command = commandOf(message.text);
  // Only the menu's: "/start" (a person pressing Start) and another bot's commands are left alone.
  if (!command || !COMMANDS.some((c) => c.command === command.name)) return false;
  if (String(message.chat?.id) !== ctx.telegram.chatId || message.from?.is_bot) {
    ctx.log(`relay: a command from another chat was ignored`);
    return true;
  }
  const desk: Desk = { ...ctx, now: ctx.now() };
  let page: Page | undefined;
  let kind: PageKind | undefined;
  if (command.name === "leads") [kind, page] = ["leads", await leadsPage(desk, 1)];
  else if (command.name === "jobs") [kind, page] = ["jobs", await jobsPage(desk, 1)];
  else if (command.name === "today") page = await todayPage(desk);
  else if (command.name === "find" && command.rest)
    [kind, page] = ["find", await findPage(desk, command.rest, 1)];
  const pieces =
    page?.pieces ??
    helpText(command.name === "find" ? "/find needs a name or a phone: /find Ann" : undefined);
  // Typed the moment after a notice (or mid-flood), the answer meets the chat's limit: it waits out the 429.
  const sent = await sendWaitingOutLimits(render(pieces).markdown, ctx.telegram, {
    ...(page ? { reply_markup: keyboardOf(page, kind, command.rest) } : {}),
  });
  if (sent.kind === "sent") ctx.log(`relay: /${command.name} answered`);
  else ctx.log(`relay: could not answer /${command.name} (${sent.reason})`);
  return true;
}

function helpText(first?: string): Piece[] {
  return [
    ...(first ? [plain(`${first}\n\n`)] : []),
    bold("The commands"),
    plain("\n"),
    ...COMMANDS.map((c) => plain(`/${c.command}: ${c.description}\n`)),
    plain("\nReply to a notice with an amount to record a quote, or with words to add a note.\n"),
  ];
}

type PageKind = "leads" | "find" | "jobs";

/** Previous and Next: "page:leads:2", "page:find:2:ann lee" (the search carried, so it is no one's to keep). */
export const pageButton = button<{ kind: PageKind; page: number; query: string }>("page", {
  write: ({ kind, page, query }) => `${kind}:${page}${kind === "find" ? `:${query}` : ""}`,
  read(rest) {
    const m = /^(leads|jobs|find):([1-9]\d{0,5})(?::(.+))?$/.exec(rest);
    if (!m || (m[1] === "find") !== (m[3] !== undefined)) return undefined;
    return { kind: m[1] as PageKind, page: Number(m[2]), query: m[3] ?? "" };
  },
  handle: (pressed, value) => turnPage(pressed, value),
});

/** A lead listed where the chat has no links to its notice: its stage buttons, as a reply to the notice. */
export const openButton = button<string>("open", {
  write: (leadId) => leadId,
  read: (rest) => rest || undefined,
  handle: (pressed, leadId) => openLead(pressed, leadId),
});

const byteLength = (text: string) => new TextEncoder().encode(text).length;

function keyboardOf(page: Page, kind: PageKind | undefined, query: string) {
  const rows: { text: string; callback_data: string }[][] = [];
  for (let i = 0; i < page.open.length; i += 2)
    rows.push(
      page.open.slice(i, i + 2).map((o) => ({ text: o.label, callback_data: openButton.data(o.leadId) })),
    );
  // A search too long to carry gets its first page only (callback_data: 1-64 bytes).
  const pageable = kind && page.pages > 1 && (kind !== "find" || byteLength(query) <= FIND_MAX_BYTES);
  if (pageable) {
    const nav = [];
    if (page.page > 1)
      nav.push({ text: "‹ Previous", callback_data: pageButton.data({ kind, page: page.page - 1, query }) });
    nav.push({
      text: `${page.page} of ${page.pages}`,
      callback_data: pageButton.data({ kind, page: page.page, query }),
    });
    if (page.page < page.pages)
      nav.push({ text: "Next ›", callback_data: pageButton.data({ kind, page: page.page + 1, query }) });
    rows.push(nav);
  }
  return { inline_keyboard: rows };
}

/** Next or Previous: the message pressed shows that page, edited in place. */
async function turnPage(
  pressed: Pressed,
  { kind, page, query }: { kind: PageKind; page: number; query: string },
) {
  const { telegram, message, log } = pressed;
  const desk: Desk = { store: pressed.store, telegram, clock: pressed.hours.clock, now: pressed.now() };
  const shown =
    kind === "leads"
      ? await leadsPage(desk, page)
      : kind === "jobs"
        ? await jobsPage(desk, page)
        : await findPage(desk, query, page);
  await pressed.answer(`Page ${shown.page} of ${shown.pages}`);
  if (!message) return;
  const edited = await callBotRetrying(
    telegram,
    "editMessageText",
    {
      chat_id: message.chatId,
      message_id: message.messageId,
      text: render(shown.pieces).markdown,
      parse_mode: "Markdown",
      link_preview_options: { is_disabled: true },
      reply_markup: keyboardOf(shown, kind, query),
    },
    EDIT_RETRY,
  );
  // The page pressed again, nothing changed since: Telegram's "message is not modified" is no failure.
  if (!edited.ok && !/not modified/.test(edited.description))
    log(`relay: could not turn the page (${edited.description})`);
}

/** A lead's card: who, the stage and how long, with the notice's buttons, as a reply to its notice. */
async function openLead(
  { store, telegram, hours, now, answer, log }: Pressed,
  leadId: string,
): Promise<void> {
  const lead = await store.get(leadId);
  if (!lead || lead.erasedAt !== null || lead.noticeMessageId === null)
    return answer("This lead is not in the store.");
  await answer("Here it is.");
  const phone = phoneInLine(lead.fields?.phone ?? "");
  const text = render([
    nameInLine(lead.fields?.name ?? "(erased)"),
    plain(", "),
    ...(phone ? [value(phone), plain(", ")] : []),
    plain(
      `${stageWords(lead.stage)}, ${waitedFor(now() - lead.receivedAt)} since ${hours.clock.time(lead.receivedAt, now())}`,
    ),
  ]).markdown;
  const inChat = noticeChat(lead, telegram) === telegram.chatId;
  const sent = await sendOnce(text, telegram, "Markdown", {
    ...(inChat
      ? { reply_parameters: { message_id: lead.noticeMessageId, allow_sending_without_reply: true } }
      : {}),
    reply_markup: stageKeyboard(lead.id, { current: lead.stage, phone: lead.fields?.phone }),
  });
  // Kept as a reminder is: a reply to it counts for the lead.
  if (sent.kind === "sent" && sent.messageId !== undefined)
    await store.notes.sentAbout(lead.id, sent.chatId, sent.messageId, "card", now());
  else if (sent.kind !== "sent") log(`relay: could not open lead ${lead.id} (${sent.reason})`);
}
