/**
 * What the relay keeps beside the leads, over the same Sql: its settings
 * (relay_settings: the spam key, the digest's day, a moved chat), the
 * Telegram updates it handled (telegram_updates), and the spam check's proofs
 * already used (used_proofs).
 */
import type { Sql } from "./sql.ts";

/**
 * Telegram keeps an update for 24 hours (https://core.telegram.org/bots/api#getting-updates): a handled
 * update id is remembered as long.
 */
export const UPDATE_MEMORY_MS = 24 * 60 * 60_000;
/**
 * A proof older than this is stale (a tab left open overnight: the script fetches a new one, a page post is
 * asked to confirm), and forgotten once used.
 */
export const MAX_PROOF_AGE_MS = 24 * 60 * 60_000;

export class Settings {
  constructor(private readonly sql: Sql) {}

  /**
   * Moves a setting forward to `value` if it is behind it (text order, e.g. dates): true for the one
   * caller that moved it, so a daily job runs once even when two of its runs overlap.
   */
  async advance(name: string, value: string): Promise<boolean> {
    return (
      (await this.sql.run(
        "INSERT INTO relay_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE relay_settings.value < excluded.value",
        [name, value],
      )) === 1
    );
  }

  async write(name: string, value: string): Promise<void> {
    await this.sql.run(
      "INSERT INTO relay_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      [name, value],
    );
  }

  /**
   * Sets `name` to `to` only while it still reads `from`: true for the one caller that changed it,
   * so two senders (a Worker's isolates) never both act on the value they read.
   */
  async swap(name: string, from: string, to: string): Promise<boolean> {
    return (
      (await this.sql.run("UPDATE relay_settings SET value = ? WHERE name = ? AND value = ?", [
        to,
        name,
        from,
      ])) === 1
    );
  }

  /** Forgets a setting; true when there was one. */
  async remove(name: string): Promise<boolean> {
    return (await this.sql.run("DELETE FROM relay_settings WHERE name = ?", [name])) === 1;
  }

  async read(name: string): Promise<string | undefined> {
    const [row] = await this.sql.all<{ value: string }>("SELECT value FROM relay_settings WHERE name = ?", [
      name,
    ]);
    return row?.value;
  }

  /** A setting made by `make` and stored the first time it is asked for. */
  async kept(name: string, make: () => string): Promise<string> {
    await this.sql.run(
      "INSERT INTO relay_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
      [name, make()],
    );
    return (await this.read(name))!;
  }
}

export class HandledUpdates {
  constructor(private readonly sql: Sql) {}

  /**
   * Whether Telegram's update `updateId` was processed in the last 24 hours. Older ones do not count:
   * Telegram keeps an update no longer, and may number updates afresh (a new sequence reuses ids).
   */
  async seen(updateId: number, now: number): Promise<boolean> {
    return (
      (
        await this.sql.all("SELECT 1 FROM telegram_updates WHERE update_id = ? AND processed_at >= ?", [
          updateId,
          now - UPDATE_MEMORY_MS,
        ])
      ).length > 0
    );
  }

  /** Records Telegram's update `updateId` as processed now. */
  async done(updateId: number, now: number): Promise<void> {
    await this.sql.run(
      "INSERT INTO telegram_updates (update_id, processed_at) VALUES (?, ?) ON CONFLICT (update_id) DO UPDATE SET processed_at = excluded.processed_at",
      [updateId, now],
    );
  }

  /** Forgets updates processed before `before`. */
  async forget(before: number): Promise<number> {
    return this.sql.run("DELETE FROM telegram_updates WHERE processed_at < ?", [before]);
  }
}

export class UsedProofs {
  constructor(private readonly sql: Sql) {}

  /**
   * Records that the proof with this signature was used for lead `id`, unless it already was;
   * answers the lead it was first used for. A proof is good for one lead (and its repeats).
   */
  async use(signature: string, id: string, now: number): Promise<string> {
    await this.sql.run(
      "INSERT INTO used_proofs (signature, lead_id, used_at) VALUES (?, ?, ?) ON CONFLICT (signature) DO NOTHING",
      [signature, id, now],
    );
    const [row] = await this.sql.all<{ lead_id: string }>(
      "SELECT lead_id FROM used_proofs WHERE signature = ?",
      [signature],
    );
    return row?.lead_id ?? id;
  }

  /** Forgets used proofs from before `before`: older proofs are refused as stale anyway. */
  async forget(before: number): Promise<number> {
    return this.sql.run("DELETE FROM used_proofs WHERE used_at < ?", [before]);
  }
}
