/**
 * A bot Telegram refuses (removed from the group, blocked by the person, a person who never
 * pressed Start) is tried again on its own: once the owner adds it back, what waited goes out
 * without a restart or a deployment. One lead, the oldest held, is the probe: after a minute,
 * then doubling to 15 minutes, and at once when an update arrives from the owner's chat (adding
 * the bot to a group reaches it as a service message, pressing Start as "/start"). The first
 * lead Telegram takes again releases every other held lead.
 *
 * The probe's schedule is kept in the store (relay_settings), so it holds across a Worker's
 * isolates, and one sender claims each probe. While it is kept, Telegram's state in the health
 * check stays "undeliverable" (policy.ts), the probe under way included.
 */
import type { LeadStore } from "./store.ts";

const PROBE = "telegram-probe";
/** The first probe after a refusal; each later one waits twice as long, up to PROBE_MAX_MS. */
export const FIRST_PROBE_MS = 60_000;
const PROBE_MAX_MS = 15 * 60_000;

interface Probe {
  /** When the next probe is due. */
  at: number;
  /** Probes made since the first refusal. */
  tries: number;
  /** The settings refused (settingsMark): new settings, a restart or a deployment, start afresh. */
  mark: string;
}

async function readProbe(store: LeadStore): Promise<{ kept: string; probe: Probe } | undefined> {
  const kept = await store.settings.read(PROBE);
  return kept === undefined ? undefined : { kept, probe: JSON.parse(kept) as Probe };
}

const probeWait = (tries: number) => Math.min(FIRST_PROBE_MS * 2 ** tries, PROBE_MAX_MS);

/**
 * Telegram refused the settings in force (`mark`): the first probe is due a minute on; a later
 * refusal of the same settings keeps the schedule.
 */
export async function refusedBot(store: LeadStore, mark: string, now: number): Promise<void> {
  if ((await readProbe(store))?.probe.mark === mark) return;
  await store.settings.write(PROBE, JSON.stringify({ at: now + FIRST_PROBE_MS, tries: 0, mark }));
}

/**
 * Whether the settings in force are being tried again after a refusal: Telegram's state stays
 * "undeliverable" meanwhile, the probe under way included.
 */
export async function probing(store: LeadStore, mark: string): Promise<boolean> {
  return (await readProbe(store))?.probe.mark === mark;
}

/**
 * The lead to send now as the probe, put back in line for this sender alone, when one is due:
 * the oldest held for the settings in force (`mark`). Undefined when none is due, another sender
 * claimed it, or nothing is held (then the schedule is dropped).
 */
export async function probeDue(store: LeadStore, mark: string, now: number): Promise<string | undefined> {
  const read = await readProbe(store);
  if (!read || read.probe.mark !== mark || now < read.probe.at) return undefined;
  const { kept, probe } = read;
  const held = await store.oldestHeld(mark);
  if (!held) {
    await store.settings.remove(PROBE);
    return undefined;
  }
  const next: Probe = { at: now + probeWait(probe.tries + 1), tries: probe.tries + 1, mark };
  if (!(await store.settings.swap(PROBE, kept, JSON.stringify(next)))) return undefined;
  return (await store.requeue(held, now)) ? held : undefined;
}

/** An update from the owner's chat: someone is there, so the next probe is due now. */
export async function chatHeard(store: LeadStore, now: number): Promise<boolean> {
  const read = await readProbe(store);
  if (!read) return false;
  return (
    read.probe.at <= now || store.settings.swap(PROBE, read.kept, JSON.stringify({ ...read.probe, at: now }))
  );
}

/**
 * Telegram took a lead: if a refusal's probes were under way, they are over, and every lead held
 * for the settings in force goes out now. Answers how many were released.
 */
export async function botWorks(
  store: LeadStore,
  mark: string,
  now: number,
  log: (message: string) => void,
): Promise<number> {
  if (!(await readProbe(store))) return 0;
  const released = await store.requeueHeld(mark, now);
  if (await store.settings.remove(PROBE))
    log(
      `relay: Telegram takes the relay's messages again${released ? `: ${released} held lead(s) go out now` : ""}`,
    );
  return released;
}
