/**
 * How many messages one run of the owner's minute tick (owner.ts) sends, and how far apart, so a
 * morning with many leads waiting never meets Telegram's flood limit (a 429). The Bots FAQ
 * (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this): "When sending
 * messages inside a particular chat, avoid sending more than one message per second. We may allow
 * short bursts that go over this limit, but eventually you'll begin receiving 429 errors." and "Also
 * note that your bot will not be able to send more than 20 messages per minute to the same group."
 * (Read in Telegram Bot Support's own copy of that answer, https://telegra.ph/Hitting-limits-bot-FAQ,
 * "part of the Bot API Help"; the stand-in's GROUP_MESSAGES_PER_MINUTE cites the same sentence.)
 *
 * The tick runs every minute (the Node relay's timer, the Worker's Cron Trigger), so a tick sends at
 * most PER_TICK, one a second, and what does not fit waits for the next minute's tick: it is taken
 * in the store only as it is sent, so nothing is dropped or sent twice. PER_TICK is half the group's
 * 20, leaving the other half of the minute for what the relay sends outside the tick (new leads'
 * notices, the answers to the owner's replies) and for two ticks that fall within one minute. A tick
 * that meets a 429 anyway sends nothing more: the rest goes at the next tick.
 */

/** The most messages one tick sends. */
export const PER_TICK = 10;
/** The least time between two of a tick's messages: the FAQ's one a second. */
export const GAP_MS = 1_000;

export interface PaceOptions {
  perTick?: number;
  gapMs?: number;
  /** Waits `ms` (tests give a clock they move on). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * One tick's sends: ask `room()` before taking a message in the store, and `next()` right before sending it.
 */
export class Sends {
  private left: number;
  private sent = 0;
  private readonly gapMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor({
    perTick = PER_TICK,
    gapMs = GAP_MS,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: PaceOptions = {}) {
    this.left = perTick;
    this.gapMs = gapMs;
    this.sleep = sleep;
  }

  /** Whether this tick may send one more. */
  room(): boolean {
    return this.left > 0;
  }

  /** Counts one message, first waiting out the gap after the one before. */
  async next(): Promise<void> {
    if (this.sent > 0) await this.sleep(this.gapMs);
    this.sent++;
    this.left--;
  }

  /** Telegram said too many (a 429): nothing more this tick. */
  stop(): void {
    this.left = 0;
  }

  /** Reads a send's outcome: a 429 stops the tick. */
  heard(outcome: { kind: string; retryAfterMs?: number }): void {
    if (outcome.kind === "retry" && outcome.retryAfterMs !== undefined) this.stop();
  }
}
