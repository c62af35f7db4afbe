/**
 * Migrations that change what is already in a lead store: a store made by an
 * older relay (its migrations up to one number), with the leads it held, then
 * opened by this one.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR, openLeadStore } from "./sqlite.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A store file migrated as a relay whose newest migration was `upTo` left it. */
function storeUpTo(upTo: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  dirs.push(dir);
  const older = path.join(dir, "migrations");
  cpSync(MIGRATIONS_DIR, older, { recursive: true });
  for (const f of readdirSync(older)) if (Number(f.slice(0, 4)) > upTo) rmSync(path.join(older, f));
  const file = path.join(dir, "leads.sqlite");
  const db = new Database(file);
  migrate(db, older);
  db.close();
  return file;
}

function addHeld(file: string, leads: { id: string; failure: string; error: string }[]) {
  const db = new Database(file);
  for (const l of leads) {
    db.prepare(
      "INSERT INTO leads (id, form, fields, parts, received_at, status, attempts, next_attempt_at, last_error, failure_kind, settings_mark) VALUES (?, 'quote', '{}', '[\"*New Quote Request*\"]', 1000, 'undeliverable', 1, 1000, ?, ?, ?)",
    ).run(l.id, l.error, l.failure, l.failure === "settings" ? "0badc0de" : null);
  }
  db.close();
}

describe("migration 0007: leads held by what the old relay could not follow", () => {
  it("holds a lead refused for an upgraded group for the settings, and sends again a lead refused for half an emoji; a truly refused one stays", async () => {
    const file = storeUpTo(6);
    addHeld(file, [
      {
        id: "upgraded",
        failure: "message",
        error: "400 Bad Request: group chat was upgraded to a supergroup chat",
      },
      { id: "emoji", failure: "message", error: "400 Bad Request: strings must be encoded in UTF-8" },
      {
        id: "markdown",
        failure: "message",
        error:
          "400 Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 12",
      },
      { id: "too-long", failure: "message", error: "400 Bad Request: message is too long" },
      { id: "token", failure: "settings", error: "401 Unauthorized" },
    ]);
    const opened = openLeadStore(file);
    try {
      const byId = async (id: string) => opened.store.get(id);
      // Held for the settings with no mark: the next start (or the Worker's next sweep) sends it.
      expect(await byId("upgraded")).toMatchObject({
        status: "undeliverable",
        failureKind: "settings",
        settingsMark: null,
      });
      expect(await opened.store.requeueSettingsFailures(2000, "anything")).toBe(2);
      expect(await byId("upgraded")).toMatchObject({ status: "pending" });
      for (const id of ["emoji", "markdown"])
        expect(await byId(id)).toMatchObject({ status: "pending", attempts: 0, failureKind: null });
      expect(await byId("too-long")).toMatchObject({ status: "undeliverable", failureKind: "message" });
    } finally {
      opened.close();
    }
  });
});

describe("migration 0011: presses kept before it become the history", () => {
  it("each stage's first press, and its latest when another, in the order made; the next press continues the history", async () => {
    const file = storeUpTo(8);
    const db = new Database(file);
    db.prepare(
      "INSERT INTO leads (id, form, fields, parts, received_at, status, attempts, next_attempt_at, stage) VALUES ('old', 'quote', '{}', '[]', 1000, 'delivered', 1, 1000, 'not-a-job')",
    ).run();
    const press = db.prepare(
      "INSERT INTO lead_stages (lead_id, stage, at, by_name, by_id, last_at, last_by_name, last_by_id) VALUES ('old', ?, ?, ?, NULL, ?, ?, NULL)",
    );
    press.run("not-a-job", 2000, "Sam", 5000, "Kim");
    press.run("booked", 3000, "Kim", 3000, "Kim");
    press.run("called", 4000, "Sam", 4000, "Sam");
    db.close();
    const opened = openLeadStore(file);
    try {
      const moves = async () =>
        (await opened.store.stages.presses("old")).map((p) => [p.at, p.from, p.to, p.byName]);
      expect(await moves()).toEqual([
        [2000, null, "not-a-job", "Sam"],
        [3000, null, "booked", "Kim"],
        [4000, null, "called", "Sam"],
        [5000, null, "not-a-job", "Kim"],
      ]);
      expect(await opened.store.stages.set("old", "booked", 6000, { name: "Sam" })).toBe(true);
      expect((await moves()).at(-1)).toEqual([6000, "not-a-job", "booked", "Sam"]);
    } finally {
      opened.close();
    }
  });
});
