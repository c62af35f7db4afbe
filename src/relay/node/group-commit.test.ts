/**
 * New leads that come together are written to disk together (leads/sql.ts groupCommit): under a
 * burst, the Node relay's event loop waited on one flush to disk per lead (issue 59). Read from
 * SQLite's own write-ahead log: how many frames a burst wrote.
 */
import { afterEach, describe, expect, it } from "vitest";
import { tempLeadStore } from "../testing/leads.ts";
import type { NewLead } from "../leads/lead.ts";

const opened: ReturnType<typeof tempLeadStore>[] = [];
afterEach(() => opened.splice(0).forEach((s) => s.remove()));

const lead = (i: number): NewLead => ({
  id: `burst-${i}`,
  form: "quote",
  fields: { name: `Burst ${i}`, email: `b${i}@example.com` },
  parts: [`New Quote Request: Burst ${i}`],
  receivedAt: 1_700_000_000_000 + i,
});

/** Frames in the write-ahead log, after emptying it. */
const walFrames = (store: ReturnType<typeof tempLeadStore>) =>
  (store.db.prepare("PRAGMA wal_checkpoint(PASSIVE)").get() as { log: number }).log;

describe("leads stored in a burst", () => {
  it("are committed together: 50 at once write a few frames, not one commit each", async () => {
    const store = tempLeadStore();
    opened.push(store);
    store.db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get();
    const added = await Promise.all(Array.from({ length: 50 }, (_, i) => store.store.add(lead(i))));
    expect(added.every(Boolean)).toBe(true);
    // One commit a lead wrote at least 50 frames (a page and its commit each).
    expect(walFrames(store)).toBeLessThan(10);
    expect(await store.store.list({ limit: 100 })).toHaveLength(50);
    // A repeat in the next burst is still told apart: false for it, true for the new one.
    expect(await Promise.all([store.store.add(lead(3)), store.store.add(lead(50))])).toEqual([false, true]);
  });

  it("keeps one lead's failure its own: the others in its batch are stored", async () => {
    const store = tempLeadStore();
    opened.push(store);
    const bad = { ...lead(1), form: "letter" } as unknown as NewLead;
    const results = await Promise.allSettled([
      store.store.add(lead(0)),
      store.store.add(bad),
      store.store.add(lead(2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await store.store.list()).map((l) => l.id).sort()).toEqual(["burst-0", "burst-2"]);
  });
});
