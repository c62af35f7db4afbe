/**
 * The values wrangler d1 execute is handed as SQL literals (it has no bound
 * parameters). Each literal is also read back by SQLite itself, so what D1
 * stores is exactly the value. The Sql over a real wrangler and local D1 is
 * tested by scripts/leads-d1.test.ts.
 */
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { inlineParams, sqlLiteral, wranglerD1Sql } from "./wrangler-d1.ts";

const db = new Database(":memory:");
afterAll(() => db.close());
/** What SQLite reads the literal as. */
const readBack = (literal: string) => (db.prepare(`SELECT ${literal} AS v`).get() as { v: unknown }).v;

const STRINGS = [
  "",
  "plain",
  "O'Brien",
  "''",
  "'; DROP TABLE leads; --",
  "a ? b ?? c",
  'double "quotes" and `backticks` and [brackets]',
  "line one\nline two\r\nthree\ttabbed",
  "-- not a comment /* nor this */",
  "back\\slash\\' and \\n",
  "Zoë 你好 مرحبا 👋🏽 \u202Eevil\u202C \u001b[31m \u0085 \u00A0",
  "$name :name @name ?1",
];

describe("sqlLiteral", () => {
  it("quotes strings with ' doubled, and SQLite reads back exactly the string", () => {
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    for (const s of STRINGS) expect(readBack(sqlLiteral(s))).toBe(s);
  });

  it("writes finite numbers as numbers, negative ones in parentheses, and null as NULL", () => {
    expect(sqlLiteral(0)).toBe("0");
    expect(sqlLiteral(-0)).toBe("0");
    expect(sqlLiteral(1764000000000)).toBe("1764000000000");
    expect(sqlLiteral(-5)).toBe("(-5)");
    expect(sqlLiteral(2.5)).toBe("2.5");
    expect(sqlLiteral(null)).toBe("NULL");
    for (const n of [0, 7, -5, 2.5, 1764000000000, Number.MAX_SAFE_INTEGER, 1e-7]) expect(readBack(sqlLiteral(n))).toBe(n);
    expect(readBack(sqlLiteral(null))).toBeNull();
  });

  it("refuses what it cannot write exactly", () => {
    for (const bad of [NaN, Infinity, -Infinity]) expect(() => sqlLiteral(bad)).toThrow(/finite/);
    for (const bad of [undefined, true, 1n, {}, [], new Uint8Array(1), () => 1, Symbol("s")]) expect(() => sqlLiteral(bad)).toThrow(TypeError);
    expect(() => sqlLiteral("a\0b")).toThrow(/NUL/);
    expect(() => sqlLiteral("half \uD83D pair")).toThrow(/surrogate/);
  });
});

describe("inlineParams", () => {
  it("replaces each ? in order", () => {
    expect(inlineParams("SELECT * FROM leads WHERE id = ? AND status IN (?, ?) LIMIT ?", ["a'b", "pending", "spam", 50])).toBe(
      "SELECT * FROM leads WHERE id = 'a''b' AND status IN ('pending', 'spam') LIMIT 50",
    );
  });

  it("never looks inside a value: a ? or quote in one is not a placeholder", () => {
    const sql = inlineParams("SELECT ? AS a, ? AS b, ? AS c", ["what?", "it's ? 'x'", "?"]);
    expect(sql).toBe("SELECT 'what?' AS a, 'it''s ? ''x''' AS b, '?' AS c");
    expect(db.prepare(sql).get()).toMatchObject({ a: "what?", b: "it's ? 'x'", c: "?" });
  });

  it("runs the store's statements with every kind of value, as SQLite reads them", () => {
    const sql = inlineParams("SELECT ? AS s, ? AS n, ? AS z, (? IS NULL OR substr(?, -length(?)) IS NOT ?) AS w, ?-? AS d", [
      STRINGS[4],
      -5,
      null,
      null,
      "x",
      "x",
      "y",
      3,
      -4,
    ]);
    expect(db.prepare(sql).get()).toMatchObject({ s: STRINGS[4], n: -5, z: null, w: 1, d: 7 });
  });

  it("leaves a ? inside the statement's own quotes, identifiers and comments alone", () => {
    const sql = "SELECT '?' AS \"a?\", [b?], `c?` -- d?\n/* e? */ , ?";
    expect(inlineParams(sql, [1])).toBe("SELECT '?' AS \"a?\", [b?], `c?` -- d?\n/* e? */ , 1");
    expect(inlineParams("SELECT 'it''s?', ?", ["x"])).toBe("SELECT 'it''s?', 'x'");
  });

  it("refuses a count of values that does not match, numbered or named placeholders, and unclosed quotes", () => {
    expect(() => inlineParams("SELECT ?, ?", [1])).toThrow(RangeError);
    expect(() => inlineParams("SELECT ?", [1, 2])).toThrow(RangeError);
    expect(() => inlineParams("SELECT ?1", [1])).toThrow(/Numbered/);
    for (const named of [":id", "@id", "$id"]) expect(() => inlineParams(`SELECT ${named}`, [1])).toThrow(/Named/);
    for (const open of ["SELECT 'a", 'SELECT "a', "SELECT `a", "SELECT [a", "SELECT /* a"]) expect(() => inlineParams(`${open} ?`, [1])).toThrow(/Unclosed/);
    expect(() => inlineParams("SELECT ?", [undefined])).toThrow(TypeError);
  });
});

describe("wranglerD1Sql", () => {
  it("refuses --persist-to with --remote, and a statement wrangler would rewrite, before starting wrangler", async () => {
    expect(() => wranglerD1Sql({ remote: true, persistTo: "/tmp/x" })).toThrow(/persist-to/);
    const sql = wranglerD1Sql({ persistTo: "/nonexistent", cwd: "/nonexistent" });
    await expect(sql.all("SELECT ?", ["BEGIN TRANSACTION; oops"])).rejects.toThrow(/BEGIN TRANSACTION/);
    await expect(sql.all("SELECT ?", ["x".repeat(130_000)])).rejects.toThrow(/too long/);
  });
});
