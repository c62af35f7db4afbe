/**
 * `npm run bench:buttons`: how long the owner waits after pressing a button on
 * a notice, on this machine: the Node relay (webhook mode) and the Telegram
 * stand-in on 127.0.0.1, from the press's update being posted to the answer
 * (the spinner stops) and the edited notice. 20 leads, one press each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startNodeRelay } from "../src/relay/node/node.ts";
import { stageData } from "../src/relay/owner/stage-buttons.ts";
import { standInConfig } from "../src/relay/testing/leads.ts";
import { startTelegramStandIn } from "../src/relay/testing/telegram-stand-in.ts";
import { setWebhook } from "../src/relay/telegram/updates.ts";
import { listen } from "../src/server/node.ts";
import { TELEGRAM_UPDATES_PATH } from "../src/shared/relay-paths.ts";
import { scriptArgs } from "./script-args.ts";

scriptArgs({
  options: {},
  usage: `Usage: npm run bench:buttons
How long the owner waits after pressing a notice's button, on this machine.`,
});

const RUNS = 20;
const dir = mkdtempSync(path.join(tmpdir(), "bench-buttons-"));
const tg = await startTelegramStandIn();
const relay = await startNodeRelay({
  config: standInConfig(tg, path.join(dir, "leads.sqlite"), { TELEGRAM_UPDATES: "webhook" }),
  log: () => {},
  pollMs: 50,
});
const { server, url } = await listen((request, info) => relay.relay(request, info), {
  port: 0,
  host: "127.0.0.1",
});
// Telegram posts only to https: on port 443, 80, 88 or 8443: the stand-in routes this address to the relay on
// 127.0.0.1.
tg.route("https://relay.test", url);
await setWebhook(
  { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
  `https://relay.test${TELEGRAM_UPDATES_PATH}`,
);

const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const id = crypto.randomUUID();
  await fetch(`${url}/api/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: `Bench ${i}`, email: "b@example.com", submissionId: id }),
  });
  while (!(await relay.opened.store.get(id))?.noticeMessageId) await new Promise((r) => setTimeout(r, 10));
  const notice = (await relay.opened.store.get(id))!.noticeMessageId!;
  const started = performance.now();
  // The webhook post returns once the press is answered and the notice edited.
  await tg.press(notice, stageData("called", id));
  times.push(performance.now() - started);
  if (tg.edits.length !== i + 1 || tg.answers.length !== i + 1)
    throw new Error("a press was not answered and edited");
}
times.sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `Button press to answer and edited notice, ${RUNS} presses: min ${ms(times[0])}, median ${ms(times[RUNS >> 1])}, max ${ms(times[RUNS - 1])}`,
);
server.closeAllConnections();
server.close();
await relay.close();
await tg.close();
rmSync(dir, { recursive: true, force: true });
