/**
 * Before the lead store, a relay without Telegram settings appended each
 * submission to .outbox/telegram.jsonl. On first start the store takes those
 * in as pending leads (the exact notices they would have sent), once: the
 * file is renamed afterwards, and each line's id is a hash of the line, so an
 * interrupted import repeated stores nothing twice.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync } from "node:fs";
import type { LeadStore } from "../leads/store.ts";
import { logLine } from "../log.ts";

export const OLD_OUTBOX = ".outbox/telegram.jsonl";

export async function importOutbox(
  store: LeadStore,
  file: string,
  log: (message: string) => void = logLine,
): Promise<number> {
  if (!existsSync(file)) return 0;
  let imported = 0;
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  for (const [i, line] of lines.entries()) {
    let entry: { at?: unknown; form?: unknown; texts?: unknown };
    try {
      entry = JSON.parse(line);
    } catch {
      log(`relay: ${file} line ${i + 1} is not JSON; left in the renamed file`);
      continue;
    }
    const form = entry.form === "contact" ? "contact" : "quote";
    const texts = Array.isArray(entry.texts)
      ? entry.texts.filter((t): t is string => typeof t === "string")
      : [];
    const receivedAt =
      typeof entry.at === "string" && !Number.isNaN(Date.parse(entry.at)) ? Date.parse(entry.at) : Date.now();
    if (texts.length === 0) continue;
    const id = `outbox-${createHash("sha256").update(line).digest("hex").slice(0, 32)}`;
    if (await store.add({ id, form, fields: {}, parts: texts, receivedAt })) imported++;
  }
  renameSync(file, `${file}.imported`);
  log(
    `relay: imported ${imported} submission(s) from ${file} into the lead store (the file is now ${file}.imported)`,
  );
  return imported;
}
