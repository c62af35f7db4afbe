/**
 * `npm run bench:load`: the Node relay under a flood of leads, on this machine, loopback only. The
 * relay runs in a process of its own (as `npm run serve` runs it: its delivery loop's second, its
 * store on disk) against the strict Telegram stand-in (one message a second to a chat, 20 a minute
 * to a group, 429 with retry_after past them) in this process. Each phase posts quote requests from
 * `clients` concurrent clients for `seconds` (each client its own IPv6 /64, through
 * X-Forwarded-For), with Telegram down for the middle third of the phase, then waits (at most
 * `drain` seconds) for every lead to reach the owner. It prints, per phase: leads answered a second,
 * the answer's p50/p95/p99/max, lost (answered 200 but not stored, or stored and never delivered),
 * duplicated (a lead's notice taken twice), the drain time, the most notices a chat took in a
 * second (and the most asked), and the stand-in's 429s. It stops by itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "libsql";
import { NEVER_OPEN } from "../src/relay/testing/leads.ts";
import { startRelayChild } from "../src/relay/testing/relay-child.ts";
import { startTelegramStandIn, type StandIn } from "../src/relay/testing/telegram-stand-in.ts";
import { scriptArgs } from "./script-args.ts";

const { values } = scriptArgs({
  options: {
    clients: { type: "string", default: "50,200" },
    seconds: { type: "string", default: "9" },
    drain: { type: "string", default: "90" },
  },
  usage: `Usage: npm run bench:load [-- --clients 50,200] [--seconds 9] [--drain 90]
The Node relay under a flood of leads, loopback only: leads a second,
p50/p95/p99, lost, duplicated, drain time, notices a second per chat.
  --clients  concurrent clients, one phase each (default 50,200)
  --seconds  how long each phase posts (default 9; Telegram is down for
             its middle third)
  --drain    the longest wait for the backlog afterwards (default 90)`,
});
const phases = values.clients.split(",").map(Number);
const seconds = Number(values.seconds);
const drainLimitS = Number(values.drain);
if (phases.some((n) => !(n >= 1 && n <= 1000)) || !(seconds >= 1 && seconds <= 120) || !(drainLimitS >= 1))
  throw new Error("--clients: 1 to 1000 each; --seconds: 1 to 120; --drain: at least 1");

interface PhaseResult {
  clients: number;
  answered: number;
  refused: number;
  latencies: number[];
  names: Set<string>;
  durationS: number;
}

/** Every client posts leads one after another until the deadline, each timed from send to answer read. */
async function load(url: string, clients: number, phase: number, tg: StandIn): Promise<PhaseResult> {
  const latencies: number[] = [];
  const names = new Set<string>();
  let refused = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  // Telegram down for the middle third: a backlog to drain.
  const down = setTimeout(() => tg.always({ kind: "down" }), (seconds * 1000) / 3);
  const up = setTimeout(() => tg.always({ kind: "ok" }), (seconds * 2000) / 3);
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const name = `Load ${phase}-${c}-${i}`;
        const sent = performance.now();
        try {
          const res = await fetch(`${url}/api/quote`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "X-Forwarded-For": `2001:db8:${phase}:${c.toString(16)}::${(i % 65535).toString(16)}`,
            },
            body: JSON.stringify({
              name,
              email: `load${c}@example.com`,
              phone: "0491 570 156",
              // One in ten carries a link: the kind of lead the spam check passes and doubts.
              message: i % 10 === 9 ? "see https://example.com/offer" : "Bond clean, 2 bed unit",
              submissionId: crypto.randomUUID(),
            }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (res.status === 200) names.add(name);
          else refused++;
        } catch {
          refused++;
        }
      }
    }),
  );
  clearTimeout(down);
  clearTimeout(up);
  tg.always({ kind: "ok" });
  return {
    clients,
    answered: names.size,
    refused,
    latencies,
    names,
    durationS: (performance.now() - started) / 1000,
  };
}

/** Waits until the relay's health says nothing is pending, at most drainLimitS: the seconds it took. */
async function drain(url: string): Promise<{ seconds: number; pending: number }> {
  const started = performance.now();
  let pending = -1;
  while (performance.now() - started < drainLimitS * 1000) {
    pending = ((await (await fetch(`${url}/api/health`)).json()) as { pending: number }).pending;
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { seconds: (performance.now() - started) / 1000, pending };
}

/** The most of `times` (ms) within any one second. */
function peakPerSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN;

// The bench's own event loop (the clients and the stand-in): a figure it held up is the bench's, not the relay's.
const benchDelay = monitorEventLoopDelay({ resolution: 10 });
benchDelay.enable();
const dir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
const children: ChildProcess[] = [];
const tg = await startTelegramStandIn({ strict: true });
// How many sendMessage requests reached the stand-in, sampled every 100 ms: the most asked in a second.
const asked: { at: number; n: number }[] = [];
const sampler = setInterval(() => asked.push({ at: Date.now(), n: tg.attempts }), 100);
try {
  console.log(`bench:load: ${phases.join(", ")} clients, ${seconds} s each; load average ${loadAverage()}`);
  for (const [phase, clients] of phases.entries()) {
    tg.reset();
    const file = path.join(dir, `leads-${phase}.sqlite`);
    const { url, child } = await startRelayChild(
      {
        TELEGRAM_BOT_TOKEN: tg.token,
        TELEGRAM_CHAT_ID: tg.chatId,
        TELEGRAM_API_BASE: tg.apiBase,
        LEADS_DB: file,
        RATE_LIMIT_PER_MINUTE: "1000",
        TRUST_PROXY: "1",
        SPAM_CHECKS: "off",
        BUSINESS_HOURS: NEVER_OPEN,
        TEST_POLL_MS: "1000",
        // The relay's log (a line a lead) is read and dropped.
        TEST_QUIET: "1",
        TEST_LOOP_DELAY: "1",
      },
      children,
    );
    child.stdout?.resume();
    // The relay warm, as a server in use is: its code loaded and compiled before the clock starts.
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    const from = Date.now();
    benchDelay.reset();
    const result = await load(url, clients, phase, tg);
    const drained = await drain(url);
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    report(result, drained, file, from);
  }
} finally {
  clearInterval(sampler);
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await tg.close();
  rmSync(dir, { recursive: true, force: true });
}

function report(r: PhaseResult, drained: { seconds: number; pending: number }, file: string, from: number) {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare("SELECT fields, status FROM leads").all() as { fields: string; status: string }[];
  db.close();
  const stored = new Map(rows.map((row) => [(JSON.parse(row.fields) as { name: string }).name, row.status]));
  const sent = new Map<string, number>();
  for (const m of tg.delivered)
    for (const name of new Set(m.shown.match(/Load \d+-\d+-\d+/g))) sent.set(name, (sent.get(name) ?? 0) + 1);
  let lost = 0;
  for (const name of r.names) if (stored.get(name) !== "delivered") lost++;
  const duplicated = [...sent.values()].filter((n) => n > 1).length;
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const ms = (n: number) => `${Math.round(n)} ms`;
  const since = asked.filter((s) => s.at >= from);
  let askedPeak = 0;
  for (let i = 0, j = 0; i < since.length; i++) {
    while (since[i].at - since[j].at > 1000) j++;
    askedPeak = Math.max(askedPeak, since[i].n - since[j].n);
  }
  console.log(
    [
      `${r.clients} clients: ${r.answered} leads answered 200 in ${r.durationS.toFixed(1)} s (${(r.answered / r.durationS).toFixed(0)} a second), ${r.refused} refused or failed`,
      `  answer: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1])}`,
      `  lost ${lost}, duplicated ${duplicated}; drain ${drained.pending === 0 ? `${drained.seconds.toFixed(1)} s` : `not done in ${drainLimitS} s (${drained.pending} pending)`}`,
      `  messages to the chat: ${tg.delivered.length} (${sent.size} leads by name); peak ${peakPerSecond(tg.delivered.map((m) => m.at))} a second taken, ${askedPeak} asked; 429s ${tg.tooMany}`,
      `  the bench's own event loop delay: p99 ${Math.round(benchDelay.percentile(99) / 1e6)} ms, max ${Math.round(benchDelay.max / 1e6)} ms; load average ${loadAverage()}`,
    ].join("\n"),
  );
}

function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
}
