/**
 * Where submissions go when Telegram is not configured: one JSON line per
 * submission in a local file, holding exactly the text that would have been
 * sent. Node only (it writes a file), so a newcomer sees the whole flow work.
 */
import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Deliver } from "./relay.ts";

export const DEFAULT_OUTBOX = ".outbox/telegram.jsonl";

export function outbox(file: string): Deliver {
  return async (form, texts) => {
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await appendFile(file, JSON.stringify({ at: new Date().toISOString(), form, parse_mode: "Markdown", texts }) + "\n");
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `could not write the outbox ${file}: ${(error as Error).message}` };
    }
  };
}
