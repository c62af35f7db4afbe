/**
 * The owner's tick and presses run as functions, without a relay, set up and taken down by a test
 * file's hooks: one Telegram stand-in for the file, a lead store file of its own for each test, the
 * log lines the test's runs wrote, and the tick's options against them. The one way the owner's tests
 * (owner.test.ts, desk.test.ts, the second business's) start them; a running relay: relay-stack.ts.
 * After each test the store is removed and the stand-in reset.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { OwnerOptions } from "../owner/owner.ts";
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import { HOURS } from "./business.ts";
import { tempLeadStore } from "./leads.ts";
import { startTelegramStandIn, type StandIn, type StandInOptions } from "./telegram-stand-in.ts";

export interface OwnerBench {
  readonly tg: StandIn;
  readonly leads: ReturnType<typeof tempLeadStore>;
  /** What the test's runs logged, emptied before each test. */
  readonly logs: string[];
  /** The stand-in's chat, as the relay is told it. */
  telegram(): TelegramOptions;
  /**
   * The tick's options: the business's hours, a reminder 30 minutes on, without the second between a
   * run's messages (pace.ts; "pacing what a run sends" tests that), with `defaults` over them.
   */
  options(): OwnerOptions;
  /** The stored lead `id`'s notice, `part`, sent to the stand-in and recorded as delivered at `at`. */
  noticeSent(id: string, part: string, at: number): Promise<void>;
}

export function ownerBench(standIn: StandInOptions = {}, defaults: Partial<OwnerOptions> = {}): OwnerBench {
  let tg: StandIn | undefined;
  let leads: ReturnType<typeof tempLeadStore> | undefined;
  const logs: string[] = [];
  beforeAll(async () => {
    tg = await startTelegramStandIn(standIn);
  });
  afterAll(() => tg?.close());
  beforeEach(() => {
    leads = tempLeadStore();
    logs.length = 0;
  });
  afterEach(() => {
    leads?.remove();
    tg?.reset();
  });
  const bench: OwnerBench = {
    get tg() {
      if (!tg) throw new Error("the stand-in starts in the file's beforeAll");
      return tg;
    },
    get leads() {
      if (!leads) throw new Error("the lead store is made in each test's beforeEach");
      return leads;
    },
    logs,
    telegram: () => ({ apiBase: bench.tg.apiBase, token: bench.tg.token, chatId: bench.tg.chatId }),
    options: () => ({
      store: bench.leads.store,
      telegram: bench.telegram(),
      hours: HOURS,
      reminderMinutes: 30,
      log: (m) => void logs.push(m),
      pace: { sleep: async () => {} },
      ...defaults,
    }),
    async noticeSent(id, part, at) {
      const sent = await sendOnce(part, bench.telegram());
      if (sent.kind !== "sent") throw new Error("the stand-in refused the notice");
      const { store } = bench.leads;
      await store.partSent((await store.get(id))!, 0, at, { messageId: sent.messageId, text: part });
    },
  };
  return bench;
}
