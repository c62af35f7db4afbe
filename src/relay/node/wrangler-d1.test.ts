/**
 * The values wrangler d1 execute is handed as SQL literals (it has no bound
 * parameters). Each literal is also read back by SQLite itself, so what D1
 * stores is exactly the value. How reads issued together share one wrangler
 * (commandSql) is tested over a stand-in that answers each command with SQLite;
 * the Sql over a real wrangler and local D1 by scripts/leads-d1.e2e.test.ts.
 */
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import {
  commandSql,
  inlineParams,
  MAX_COMMAND_BYTES,
  sqlLiteral,
  WranglerError,
  wranglerD1Sql,
  type Answer,
  type Execute,
} from "./wrangler-d1.ts";

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
    for (const n of [0, 7, -5, 2.5, 1764000000000, Number.MAX_SAFE_INTEGER, 1e-7])
      expect(readBack(sqlLiteral(n))).toBe(n);
    expect(readBack(sqlLiteral(null))).toBeNull();
  });

  it("refuses what it cannot write exactly", () => {
    for (const bad of [NaN, Infinity, -Infinity]) expect(() => sqlLiteral(bad)).toThrow(/finite/);
    for (const bad of [undefined, true, 1n, {}, [], new Uint8Array(1), () => 1, Symbol("s")])
      expect(() => sqlLiteral(bad)).toThrow(TypeError);
    expect(() => sqlLiteral("a\0b")).toThrow(/NUL/);
    expect(() => sqlLiteral("half \uD83D pair")).toThrow(/surrogate/);
  });
});

describe("inlineParams", () => {
  it("replaces each ? in order", () => {
    expect(
      inlineParams("SELECT * FROM leads WHERE id = ? AND status IN (?, ?) LIMIT ?", [
        "a'b",
        "pending",
        "spam",
        50,
      ]),
    ).toBe("SELECT * FROM leads WHERE id = 'a''b' AND status IN ('pending', 'spam') LIMIT 50");
  });

  it("never looks inside a value: a ? or quote in one is not a placeholder", () => {
    const sql = inlineParams("SELECT ? AS a, ? AS b, ? AS c", ["what?", "it's ? 'x'", "?"]);
    expect(sql).toBe("SELECT 'what?' AS a, 'it''s ? ''x''' AS b, '?' AS c");
    expect(db.prepare(sql).get()).toMatchObject({ a: "what?", b: "it's ? 'x'", c: "?" });
  });

  it("runs the store's statements with every kind of value, as SQLite reads them", () => {
    const sql = inlineParams(
      "SELECT ? AS s, ? AS n, ? AS z, (? IS NULL OR substr(?, -length(?)) IS NOT ?) AS w, ?-? AS d",
      [STRINGS[4], -5, null, null, "x", "x", "y", 3, -4],
    );
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
    for (const named of [":id", "@id", "$id"])
      expect(() => inlineParams(`SELECT ${named}`, [1])).toThrow(/Named/);
    for (const open of ["SELECT 'a", 'SELECT "a', "SELECT `a", "SELECT [a", "SELECT /* a"])
      expect(() => inlineParams(`${open} ?`, [1])).toThrow(/Unclosed/);
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

/**
 * A stand-in for wrangler: each command it is given, kept, and answered by `answer` (by default SQLite's rows
 * for each statement).
 */
function fakeWrangler(
  answer: (statements: string[]) => Answer[] = (statements) =>
    statements.map((s) => ({ results: db.prepare(s).all() as Record<string, unknown>[] })),
) {
  const commands: string[] = [];
  const execute: Execute = async (command) => {
    commands.push(command);
    return answer(command.split("\n;\n"));
  };
  return { commands, sql: commandSql(execute) };
}

/** A read of `bytes` bytes in all, once its value is inlined. */
const readOf = (bytes: number) => ({
  sql: "SELECT ? AS v",
  params: ["x".repeat(bytes - "SELECT '' AS v".length)],
});

describe("commandSql: the reads issued together, one wrangler", () => {
  it("sends the reads of one tick as one command, each caller its own rows; a later read goes alone", async () => {
    const { commands, sql } = fakeWrangler();
    const [a, b, [c, d]] = await Promise.all([
      sql.all("SELECT ? AS v", [1]),
      sql.all("SELECT ? AS v", ["it's"]),
      sql.allMany!([{ sql: "SELECT 3 AS v" }, { sql: "SELECT ? AS v", params: [null] }]),
    ]);
    expect([a, b, c, d]).toEqual([[{ v: 1 }], [{ v: "it's" }], [{ v: 3 }], [{ v: null }]]);
    expect(commands).toEqual([
      "SELECT 1 AS v\n;\nSELECT 'it''s' AS v\n;\nSELECT 3 AS v\n;\nSELECT NULL AS v",
    ]);
    expect(await sql.all("SELECT 5 AS v")).toEqual([{ v: 5 }]);
    expect(commands).toHaveLength(2);
  });

  it("never puts a write in a read's command: it goes at once, with its count of changes", async () => {
    db.exec("CREATE TABLE IF NOT EXISTS written (a)");
    const { commands, sql } = fakeWrangler();
    const [changed, rows] = await Promise.all([
      sql.run("INSERT INTO written (a) VALUES (?), (?)", [1, 2]),
      sql.all("SELECT 1 AS v"),
      sql.all("SELECT 2 AS v"),
    ]);
    expect(changed).toBe(2);
    expect(rows).toEqual([{ v: 1 }]);
    expect(commands).toEqual([
      "INSERT INTO written (a) VALUES (1), (2)\n;\nSELECT changes() AS changes",
      "SELECT 1 AS v\n;\nSELECT 2 AS v",
    ]);
  });

  it("fails each read of a command wrangler refused with the same error", async () => {
    const refused = new WranglerError("wrangler d1 execute: no such table: leads");
    const { commands, sql } = fakeWrangler(() => {
      throw refused;
    });
    const answered = await Promise.allSettled([
      sql.all("SELECT 1"),
      sql.all("SELECT 2"),
      sql.allMany!([{ sql: "SELECT 3" }]),
    ]);
    for (const a of answered) expect((a as PromiseRejectedResult).reason).toBe(refused);
    expect(commands).toHaveLength(1);
  });

  it("fails every read when wrangler answers a different number of results, and only the read it answered no rows for", async () => {
    const short = fakeWrangler(() => [{ results: [] }]);
    const both = await Promise.allSettled([short.sql.all("SELECT 1"), short.sql.all("SELECT 2")]);
    for (const a of both)
      expect((a as PromiseRejectedResult).reason).toMatchObject({
        constructor: WranglerError,
        message: expect.stringMatching(/answered 1 results for 2 statements/),
      });
    const rowless = fakeWrangler(() => [{ results: [{ v: 1 }] }, { success: true }]);
    const [first, second] = await Promise.allSettled([
      rowless.sql.all("SELECT 1"),
      rowless.sql.all("SELECT 2"),
    ]);
    expect(first).toEqual({ status: "fulfilled", value: [{ v: 1 }] });
    expect((second as PromiseRejectedResult).reason).toBeInstanceOf(WranglerError);
    expect((second as PromiseRejectedResult).reason.message).toMatch(/answered no rows/);
  });

  it("puts as many reads in a command as MAX_COMMAND_BYTES lets in, and the rest in the next", async () => {
    const fits = fakeWrangler();
    // 60,000 bytes, the 3 between, and 59,997: the limit exactly.
    const [a, b] = await Promise.all(
      [readOf(60_000), readOf(59_997)].map((r) => fits.sql.all<{ v: string }>(r.sql, r.params)),
    );
    expect(fits.commands.map((c) => Buffer.byteLength(c))).toEqual([MAX_COMMAND_BYTES]);
    expect([a[0].v.length, b[0].v.length]).toEqual([60_000 - 14, 59_997 - 14]);
    const over = fakeWrangler();
    const reads = [readOf(60_000), readOf(59_998), readOf(100), readOf(119_000)];
    const rows = await Promise.all(reads.map((r) => over.sql.all<{ v: string }>(r.sql, r.params)));
    expect(rows.map(([r]) => r.v)).toEqual(reads.map((r) => r.params[0]));
    expect(over.commands.map((c) => c.split("\n;\n").length)).toEqual([1, 2, 1]);
    for (const c of over.commands) expect(Buffer.byteLength(c)).toBeLessThanOrEqual(MAX_COMMAND_BYTES);
  });

  it("refuses a statement wrangler cannot be given before it is queued: the others still go, and a refused allMany starts nothing", async () => {
    const { commands, sql } = fakeWrangler();
    const [long, fine, begun] = await Promise.allSettled([
      sql.all("SELECT ?", ["x".repeat(MAX_COMMAND_BYTES)]),
      sql.all("SELECT 1 AS v"),
      sql.all("SELECT 'BEGIN TRANSACTION'"),
    ]);
    expect((long as PromiseRejectedResult).reason.message).toMatch(/too long/);
    expect(fine).toEqual({ status: "fulfilled", value: [{ v: 1 }] });
    expect((begun as PromiseRejectedResult).reason.message).toMatch(/BEGIN TRANSACTION/);
    expect(commands).toEqual(["SELECT 1 AS v"]);
    await expect(
      sql.allMany!([
        { sql: "SELECT ?", params: [1] },
        { sql: "SELECT ?", params: [undefined] },
      ]),
    ).rejects.toThrow(TypeError);
    await new Promise((resolve) => setImmediate(resolve));
    expect(commands).toHaveLength(1);
  });
});
