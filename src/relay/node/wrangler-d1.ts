/**
 * The lead store of the Worker relay (Cloudflare D1), read from Node through
 * wrangler: the Sql interface LeadStore speaks, each write one
 * `wrangler d1 execute DB --json --command "..."`, and the reads issued
 * together one between them (commandSql). For the owner's `npm run leads --
 * --d1` (the local D1 of `wrangler dev`, or with --remote the deployed one);
 * the relay itself talks to D1 through its binding (d1.ts).
 *
 * `wrangler d1 execute` takes no bound parameters, so each `?` is replaced by
 * the value as an SQL literal (inlineParams). Written for wrangler 4, which
 * needs Node 22 or later. wrangler is the project's own (node_modules), started
 * with this Node: through npx each statement would also start npm, about 0.4 s
 * of CPU more (3.8 s against 3.4 for a local one, farm-bench's median of six).
 * https://developers.cloudflare.com/workers/wrangler/commands/#d1-execute
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import type { Sql } from "../leads/sql.ts";

/** The D1 binding wrangler.toml declares. */
export const D1_BINDING = "DB";
/** Where the Worker's wrangler configuration is, from the repository root. */
export const WRANGLER_CONFIG = "relay/wrangler.toml";
/**
 * Linux takes at most 128 KiB in one command-line argument; a longer statement
 * is refused here with a clear message rather than by the system, and reads
 * that would be longer together go in more than one command.
 */
export const MAX_COMMAND_BYTES = 120_000;
/**
 * Between statements in one --command: on a line of its own, so a statement ending in a -- comment still
 * ends.
 */
const BETWEEN = "\n;\n";

export interface WranglerD1Options {
  /** The deployed database (wrangler's --remote) rather than the local one of `wrangler dev`. */
  remote?: boolean;
  /** The wrangler configuration file (--config); WRANGLER_CONFIG by default. */
  config?: string;
  /**
   * The local database's folder (--persist-to; local only); by default wrangler's, .wrangler/state beside the
   * configuration, as `wrangler dev` uses.
   */
  persistTo?: string;
  /** The folder wrangler runs in; this process's by default. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** What wrangler answered instead of results: its own message, or its exit and last words. */
export class WranglerError extends Error {}

/** One statement's answer in wrangler's --json output. */
export interface Answer {
  results?: Record<string, unknown>[];
  success?: boolean;
  meta?: { changes?: unknown };
}

/** One `wrangler d1 execute --command`: each statement's answer, in order. */
export type Execute = (command: string) => Promise<Answer[]>;

/**
 * The installed wrangler's command-line script, to start with this Node (process.execPath): never one
 * downloaded for the occasion, as `npx wrangler` could, and no npm started first.
 */
export function wranglerBin(): string {
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve("wrangler/package.json");
  } catch {
    throw new WranglerError("wrangler is not installed here: run npm ci in the project's folder.");
  }
  const { bin } = require(manifest) as { bin: string | Record<string, string> };
  return path.join(path.dirname(manifest), typeof bin === "string" ? bin : bin.wrangler);
}

/** How `npm run leads -- --d1` opens the D1: through wrangler, or in a test, its own way. */
export type D1SqlOpener = (options: WranglerD1Options) => Sql;

/** Statements of one command, as commandSql joins them. */
export const splitCommand = (command: string): string[] => command.split(BETWEEN);

export function wranglerD1Sql(options: WranglerD1Options = {}): Sql {
  return commandSql(wranglerExecute(options));
}

/** Starts wrangler once per command and reads its --json answer. */
export function wranglerExecute({
  remote = false,
  config = WRANGLER_CONFIG,
  persistTo,
  cwd,
  env,
}: WranglerD1Options = {}): Execute {
  if (remote && persistTo !== undefined)
    throw new WranglerError("--persist-to is for the local database; leave it out with --remote.");
  const where = remote
    ? ["--remote"]
    : ["--local", ...(persistTo === undefined ? [] : ["--persist-to", persistTo])];
  return async (command) => {
    const args = [
      wranglerBin(),
      "d1",
      "execute",
      D1_BINDING,
      ...where,
      "--config",
      config,
      "--json",
      "--command",
      command,
    ];
    const { stdout, stderr, error } = await new Promise<{
      stdout: string;
      stderr: string;
      error: (Error & { code?: unknown }) | null;
    }>((resolve) =>
      execFile(
        process.execPath,
        args,
        { cwd, env, encoding: "utf8", maxBuffer: 1 << 30 },
        (error, stdout, stderr) => resolve({ stdout, stderr, error }),
      ),
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(stdout);
    } catch {
      // wrangler colours its messages even into a pipe; the words are what matter here.
      const said = stderr
        // eslint-disable-next-line no-control-regex -- removing the colour sequences is the point
        .replace(/\u001b\[[0-9;]*m/g, "")
        .trim()
        .split("\n")
        .slice(-5)
        .join("\n");
      throw new WranglerError(
        `wrangler d1 execute ${error ? `failed (${error.code ?? error.message})` : "did not answer JSON"}${said ? `:\n${said}` : ""}`,
      );
    }
    if (!Array.isArray(parsed)) {
      const text = (parsed as { error?: { text?: unknown } } | null)?.error?.text;
      throw new WranglerError(
        `wrangler d1 execute: ${typeof text === "string" ? text : JSON.stringify(parsed)}`,
      );
    }
    return parsed as Answer[];
  };
}

/** A read waiting for the command it goes in. */
interface Queued {
  command: string;
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (error: unknown) => void;
}

/**
 * The Sql over commands of wrangler's kind. Each start of wrangler takes seconds (and with --remote
 * a round trip too), so the reads issued in one tick (a Promise.all, allMany) go as one command, as
 * many as MAX_COMMAND_BYTES lets in, and each caller has its own rows; a command that fails fails
 * each read in it with the same error. A write (run) is never in a read's command: it goes at once,
 * with its count of changes.
 */
export function commandSql(execute: Execute): Sql {
  let queued: Queued[] = [];

  function read(command: string): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      if (!queued.length) queueMicrotask(flush);
      queued.push({ command, resolve, reject });
    });
  }

  function flush() {
    const reads = queued;
    queued = [];
    let batch: Queued[] = [];
    let bytes = 0;
    for (const r of reads) {
      const size = Buffer.byteLength(r.command);
      if (batch.length && bytes + BETWEEN.length + size > MAX_COMMAND_BYTES) {
        void answer(batch);
        batch = [];
      }
      bytes = batch.length ? bytes + BETWEEN.length + size : size;
      batch.push(r);
    }
    if (batch.length) void answer(batch);
  }

  async function answer(batch: Queued[]) {
    let answers: Answer[];
    try {
      answers = await execute(batch.map((r) => r.command).join(BETWEEN));
      if (answers.length !== batch.length)
        throw new WranglerError(
          `wrangler d1 execute answered ${answers.length} results for ${batch.length} statements: ${JSON.stringify(answers).slice(0, 200)}`,
        );
    } catch (error) {
      for (const r of batch) r.reject(error);
      return;
    }
    batch.forEach((r, i) => {
      const rows = answers[i].results;
      if (Array.isArray(rows)) r.resolve(rows);
      else
        r.reject(
          new WranglerError(
            `wrangler d1 execute answered no rows: ${JSON.stringify(answers[i]).slice(0, 200)}`,
          ),
        );
    });
  }

  return {
    async run(sql, params = []) {
      // The count is SQLite's changes(), read in the same command right after the statement: wrangler 4
      // answers a local D1's statements with their duration only, and the remote D1 API documents its
      // meta.changes as a rough indication (sqlite3_total_changes()). meta.changes only if changes() is
      // missing.
      const answers = await execute(
        checked(`${inlineParams(sql, params)}${BETWEEN}SELECT changes() AS changes`),
      );
      const counted = answers[1]?.results?.[0]?.changes;
      const changes = typeof counted === "number" ? counted : answers[0]?.meta?.changes;
      if (answers.length !== 2 || typeof changes !== "number")
        throw new WranglerError(
          `wrangler d1 execute answered no count of changes: ${JSON.stringify(answers).slice(0, 200)}`,
        );
      return changes;
    },
    async all<T>(sql: string, params: unknown[] = []) {
      return (await read(checked(inlineParams(sql, params)))) as T[];
    },
    // One process for the writes, in order; a failed one stops the rest, as wrangler runs a command.
    async runMany(statements) {
      const command = statements.map((s) => inlineParams(s.sql, s.params ?? [])).join(BETWEEN);
      const answers = await execute(checked(command));
      if (answers.length !== statements.length)
        throw new WranglerError(
          `wrangler d1 execute answered ${answers.length} results for ${statements.length} statements: ${JSON.stringify(answers).slice(0, 200)}`,
        );
    },
    // Each statement checked before any is queued, so one that cannot be sent starts no wrangler.
    async allMany(statements) {
      const commands = statements.map((s) => checked(inlineParams(s.sql, s.params ?? [])));
      return Promise.all(commands.map(read));
    },
  };
}

/** The command, unless wrangler could not be given it as it is. */
function checked(command: string): string {
  if (Buffer.byteLength(command) > MAX_COMMAND_BYTES)
    throw new WranglerError(
      `The statement is ${Buffer.byteLength(command)} bytes, too long for wrangler's --command.`,
    );
  // wrangler removes these words from the local database's SQL wherever they are, even inside a quoted value.
  if (command.includes("BEGIN TRANSACTION"))
    throw new WranglerError("wrangler d1 execute would rewrite a statement with BEGIN TRANSACTION in it.");
  return command;
}

/**
 * A value as an SQL literal: a string single-quoted with each ' doubled, a finite
 * number as itself (a negative one in parentheses, so `?-?` never reads as a
 * comment), null as NULL. Anything else is refused, and so is a string with NUL
 * (a command-line argument ends there) or half a surrogate pair (which would
 * arrive as U+FFFD).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`Cannot put ${value} in SQL: not a finite number.`);
    const text = String(Object.is(value, -0) ? 0 : value);
    return value < 0 ? `(${text})` : text;
  }
  if (typeof value === "string") {
    if (value.includes("\0"))
      throw new TypeError("Cannot put a string with NUL in SQL through wrangler's --command.");
    if (/\p{Cs}/u.test(value)) throw new TypeError("Cannot put a string with half a surrogate pair in SQL.");
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new TypeError(
    `Cannot put a ${value === undefined ? "undefined" : typeof value} in SQL: only strings, finite numbers and null.`,
  );
}

/**
 * What inlineParams looks at, leftmost first: a quoted string ('…' with '' inside), a quoted
 * identifier ("…", `…`, […]), a comment, a placeholder, or the opening of a quote or
 * comment that is never closed.
 */
const SQL_TOKEN =
  /'(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\/|\?\d*|(?<![\w$])[:@$][A-Za-z_]\w*|['"`[]|\/\*/g;

/**
 * The statement with each `?` placeholder replaced by the next value as a
 * literal, in order. A `?` inside a quoted string or identifier, or in a comment,
 * is not a placeholder; numbered and named placeholders (?1, :name, @name, $name)
 * are refused, and so is a count of values that does not match.
 */
export function inlineParams(sql: string, params: readonly unknown[]): string {
  let next = 0;
  const out = sql.replace(SQL_TOKEN, (token) => {
    if (token === "?") {
      if (next >= params.length)
        throw new RangeError(`The SQL has more ? than the ${params.length} values given.`);
      return sqlLiteral(params[next++]);
    }
    if (token.startsWith("?"))
      throw new SyntaxError(`Numbered placeholders (${token}) are not supported; use ? in order.`);
    if (/^[:@$]/.test(token))
      throw new SyntaxError(`Named placeholders (${token}) are not supported; use ? in order.`);
    if (token.length === 1 || token === "/*") throw new SyntaxError(`Unclosed ${token} in SQL.`);
    // A quoted string or identifier, or a comment: copied as it is.
    return token;
  });
  if (next !== params.length)
    throw new RangeError(`The SQL has ${next} ?, but ${params.length} values were given.`);
  return out;
}
