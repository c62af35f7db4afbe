/**
 * Opening the lead store a second time in the same process (the relay and an in-process CLI call,
 * or a test) must not take away the first connection's file locks. On Linux, closing any file
 * descriptor of a file drops every POSIX lock the process holds on it, SQLite's included; without
 * its lock on the database file, the first connection looks gone to other processes, and the next
 * `npm run leads` to finish checkpoints and deletes the WAL under it: what the relay stores after
 * that goes to a WAL nobody else reads, and a later checkpoint can leave the file malformed.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QuoteBody } from "../testing/services.ts";
import { quoteNotices } from "../telegram/notice.ts";
import { tempLeadsDb } from "../testing/leads.ts";
import { leadsScript } from "../testing/leads-script.ts";
import { openLeadStore, type OpenedStore } from "./sqlite.ts";
import { CLOCK } from "../testing/business.ts";

let db: ReturnType<typeof tempLeadsDb>;
const opened: OpenedStore[] = [];
beforeEach(() => {
  db = tempLeadsDb();
});
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  db.remove();
});

function open(): OpenedStore {
  const store = openLeadStore(db.file);
  opened.push(store);
  return store;
}

function add(store: OpenedStore, i: number) {
  const body = QuoteBody.parse({
    name: `Lead ${i}`,
    email: `lead${i}@example.com`,
    message: "x".repeat(2_000),
  });
  return store.store.add({
    id: `lead-${i}`,
    form: "quote",
    fields: body,
    parts: quoteNotices(body, new Date(), { clock: CLOCK }),
    receivedAt: Date.now() + i,
    status: "pending",
  });
}

/** `npm run leads -- list --json` in its own process, as the owner runs it: the ids it lists. */
async function leadsListed(): Promise<string[]> {
  const { stdout, stderr, status } = await leadsScript(["list", "--json", "--limit", "1000"], {
    LEADS_DB: db.file,
  });
  if (status !== 0) throw new Error(`npm run leads exited ${status}: ${stderr}`);
  return (JSON.parse(stdout) as { id: string }[]).map((l) => l.id).sort();
}

const ids = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => `lead-${from + k}`).sort();
const integrity = (store: OpenedStore) =>
  (store.db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map(
    (r) => r.integrity_check,
  );

describe("the lead store opened twice in one process", () => {
  it(
    "loses no lead and stays intact when another process reads it in between (npm run leads sees every lead)",
    { timeout: 60_000 },
    async () => {
      const relay = open();
      for (let i = 1; i <= 5; i++) await add(relay, i);
      // A second connection in this process, opened and closed: an in-process CLI call.
      open().close();
      opened.pop();
      // The owner lists the leads from another process, which then closes its connection.
      expect(await leadsListed()).toEqual(ids(1, 5));

      // The relay keeps storing leads; another process must see them.
      for (let i = 6; i <= 10; i++) await add(relay, i);
      expect(await leadsListed()).toEqual(ids(1, 10));

      // And after the relay closes, the file holds every lead and is intact.
      expect(integrity(relay)).toEqual(["ok"]);
      opened.pop()!.close();
      const after = open();
      expect(integrity(after)).toEqual(["ok"]);
      expect((await after.store.list({ limit: 1000 })).map((l) => l.id).sort()).toEqual(ids(1, 10));
    },
  );
});
