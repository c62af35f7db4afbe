/**
 * What a new stage or a new button costs, proven on a copy of the relay: a stage is one entry in
 * leads/stages.ts, and the notice's keyboard, a press, the notice's top line, the month's report (its
 * columns and its time to first contact, from the store's SQL) all follow; a button is a file of its
 * own, a line in presses.ts's list and a line in the keyboard that shows it. Each copy is changed in
 * those files only, and its own modules are run against the Telegram stand-in and a real lead store.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuoteBody } from "../testing/services.ts";
import { quoteNotices } from "../telegram/notice.ts";
import { tempLeadStore } from "../testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { CLOCK, hoursOf } from "../testing/business.ts";

const SRC = path.resolve(import.meta.dirname, "../..");
/** Inside the repository, so the copy's imports of packages find node_modules. */
const COPIES = path.resolve(SRC, "../.cache/extend-test");
const HOURS = hoursOf([
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
]);
const at = (local: string) => Date.parse(`${local}:00+10:00`);

/** A copy of the relay and what it imports (src/relay, src/shared), to change and run. */
function copyOfRelay(name: string) {
  const root = path.join(COPIES, name);
  rmSync(root, { recursive: true, force: true });
  // The folders' TypeScript settings extend the repository's.
  cpSync(path.resolve(SRC, "../tsconfig.base.json"), path.join(root, "tsconfig.base.json"));
  for (const dir of ["relay", "shared"])
    cpSync(path.join(SRC, dir), path.join(root, "src", dir), { recursive: true });
  const file = (relative: string) => path.join(root, "src", relative);
  return {
    /** Replaces `from` by `to` in the copy's file, which must hold it once. */
    edit(relative: string, from: string, to: string) {
      const text = readFileSync(file(relative), "utf8");
      expect(text.split(from), `${relative} holds ${from} once`).toHaveLength(2);
      writeFileSync(file(relative), text.replace(from, to));
    },
    add(relative: string, text: string) {
      mkdirSync(path.dirname(file(relative)), { recursive: true });
      writeFileSync(file(relative), text);
    },
    import: <T>(relative: string) => import(/* @vite-ignore */ file(relative)) as Promise<T>,
    /** The copy's files that differ from the relay's own, or are new. */
    changed(): string[] {
      const walk = (dir: string): string[] =>
        readdirSync(path.join(root, "src", dir), { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      return ["relay", "shared"].flatMap(walk).filter((f) => {
        try {
          return readFileSync(path.join(SRC, f), "utf8") !== readFileSync(file(f), "utf8");
        } catch {
          return true;
        }
      });
    },
  };
}

let tg: StandIn;
let leads: ReturnType<typeof tempLeadStore>;
beforeAll(async () => {
  tg = await startTelegramStandIn();
  leads = tempLeadStore();
});
afterAll(async () => {
  leads.remove();
  await tg.close();
  rmSync(COPIES, { recursive: true, force: true });
});

type Presses = typeof import("./presses.ts");
type StageButtons = typeof import("./stage-buttons.ts");
type Send = typeof import("../leads/send.ts");

/** A lead whose notice the copy sends, with its buttons; its message id. */
async function sentLead(
  copy: ReturnType<typeof copyOfRelay>,
  id: string,
  receivedAt: number,
): Promise<number> {
  const [{ sendParts }, { noticeButtons }] = await Promise.all([
    copy.import<Send>("relay/leads/send.ts"),
    copy.import<StageButtons>("relay/owner/stage-buttons.ts"),
  ]);
  const body = QuoteBody.parse({
    name: "Ann Lee",
    email: "ann@example.com",
    phone: "0412 345 678",
    message: "Bond clean.",
  });
  await leads.store.add({
    id,
    form: "quote",
    fields: body,
    parts: quoteNotices(body, new Date(receivedAt), { clock: CLOCK }),
    receivedAt,
  });
  const telegram = { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId };
  await sendParts(leads.store, (await leads.store.get(id))!, telegram, {
    buttons: noticeButtons,
    clock: CLOCK,
    now: () => receivedAt,
  });
  return (await leads.store.get(id))!.noticeMessageId!;
}

/** Presses `text` on the message, as the owner would, and has the copy handle the update at `pressedAt`. */
async function press(
  copy: ReturnType<typeof copyOfRelay>,
  messageId: number,
  text: string,
  pressedAt: number,
) {
  const { handleUpdate } = await copy.import<Presses>("relay/owner/presses.ts");
  const button = tg.messages
    .get(messageId)!
    .replyMarkup!.inline_keyboard.flat()
    .find((b) => b.text === text);
  expect(button, `a ${text} button on message ${messageId}`).toBeDefined();
  await tg.press(messageId, (button as { callback_data: string }).callback_data);
  const telegram = { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId };
  await handleUpdate(tg.updates.at(-1), {
    store: leads.store,
    telegram,
    log: () => {},
    now: () => pressedAt,
    hours: HOURS,
  });
}

describe("a new stage or button, added on a copy", () => {
  it("a stage is one entry in leads/stages.ts: its button, its press, the notice and the report follow", async () => {
    const copy = copyOfRelay("stage");
    copy.edit(
      "relay/leads/stages.ts",
      `  { key: "quoted", label: "Quoted", contact: true },\n`,
      `  { key: "quoted", label: "Quoted", contact: true },\n  { key: "visited", label: "Visited", contact: true },\n`,
    );
    expect(copy.changed()).toEqual(["relay/leads/stages.ts"]);

    const notice = await sentLead(copy, "lead-visit", at("2026-11-24T09:00"));
    const rows = tg.messages.get(notice)!.replyMarkup!.inline_keyboard.map((r) => r.map((b) => b.text));
    expect(rows.slice(1)).toEqual([
      ["Called", "Quoted"],
      ["Visited", "Booked"],
      ["Lost", "Not a job"],
    ]);
    await press(copy, notice, "Visited", at("2026-11-24T09:30"));
    expect((await leads.store.get("lead-visit"))!.stage).toBe("visited");
    expect(tg.messages.get(notice)!.shown).toMatch(/^Stage: Visited\n[^]+\nVisited by [^\n]+ at 9:30 am$/);
    expect(tg.answers.at(-1)?.text).toBe("Marked Visited.");

    const { monthReport } = await copy.import<typeof import("./report.ts")>("relay/owner/report.ts");
    const { reportText } = await copy.import<typeof import("./report-text.ts")>("relay/owner/report-text.ts");
    const report = await monthReport(leads.store, {
      month: "2026-11",
      hours: HOURS,
      hoursFrom: "the test's",
    });
    expect(report.totals.all).toMatchObject({ visited: 1, total: 1 });
    // A stage that reaches the visitor counts as first contact: 30 business minutes.
    expect(report.timeToCalled).toMatchObject({ called: 1, medianMinutes: 30 });
    expect(reportText(report)).toMatch(/\bVisited\b/);
  });

  it("a button is its own file, a line in presses.ts's list and one where it is shown", async () => {
    const copy = copyOfRelay("button");
    copy.add(
      "relay/owner/thanks-button.ts",
      `import { button } from "./buttons.ts";
export const thanksButton = button<string>("thanks", {
  write: (leadId) => leadId,
  read: (rest) => rest || undefined,
  async handle({ store, answer }, leadId) {
    await answer(\`Thanked \${(await store.get(leadId))?.fields?.name ?? "nobody"}.\`);
  },
});
`,
    );
    copy.edit(
      "relay/owner/presses.ts",
      "const BUTTONS = [",
      `import { thanksButton } from "./thanks-button.ts";\nconst BUTTONS = [thanksButton, `,
    );
    copy.edit(
      "relay/owner/stage-buttons.ts",
      "  return { inline_keyboard: rows };",
      `  rows.push([{ text: "Thanks", callback_data: thanksButton.data(leadId) }]);\n  return { inline_keyboard: rows };`,
    );
    copy.edit(
      "relay/owner/stage-buttons.ts",
      `import { button, type Pressed } from "./buttons.ts";`,
      `import { button, type Pressed } from "./buttons.ts";\nimport { thanksButton } from "./thanks-button.ts";`,
    );
    expect(copy.changed().sort()).toEqual([
      "relay/owner/presses.ts",
      "relay/owner/stage-buttons.ts",
      "relay/owner/thanks-button.ts",
    ]);

    const notice = await sentLead(copy, "lead-thanks", at("2026-11-25T09:00"));
    await press(copy, notice, "Thanks", at("2026-11-25T09:05"));
    expect(tg.answers.at(-1)?.text).toBe("Thanked Ann Lee.");
    expect((await leads.store.get("lead-thanks"))!.stage).toBeNull();
  });
});
