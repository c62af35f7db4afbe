/**
 * What every test of the Worker relay in workerd (Miniflare) starts from: worker.ts bundled as
 * `wrangler deploy` uploads it, the compatibility date relay/wrangler.toml deploys it with, the
 * delivery queue and its dead letters as wrangler.toml declares them, the shared migrations, and
 * workerd's output kept line by line, and D1 copied for the checks to read. Used by
 * worker/worker.e2e.test.ts, worker/email.e2e.test.ts, worker/owner-day.e2e.test.ts and
 * worker/booking.e2e.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { build } from "esbuild";
import { expect } from "vitest";
import type { D1Database } from "@cloudflare/workers-types";
import type { LeadStore } from "../leads/store.ts";
import type { tempLeadStore } from "./leads.ts";
import type { WorkerOptions } from "miniflare";
import { MIGRATIONS_DIR } from "../node/sqlite.ts";
import { DEAD_LETTER_SUFFIX } from "../worker/queue.ts";

export const ROOT = path.resolve(import.meta.dirname, "../../..");

/** relay/wrangler.toml's compatibility_date: the tests run the Worker as it is deployed. */
export const COMPATIBILITY_DATE = /^compatibility_date = "(.+)"$/m.exec(
  readFileSync(path.join(ROOT, "relay/wrangler.toml"), "utf8"),
)![1];

/**
 * worker.ts as one ESM file, as `wrangler deploy` uploads it; with the files it bundles, by path from the
 * repository root.
 */
export async function workerScript(): Promise<{ script: string; bundled: string[] }> {
  const out = await build({
    entryPoints: [path.join(ROOT, "src/relay/worker/worker.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "silent",
    metafile: true,
    absWorkingDir: ROOT,
  });
  return {
    script: out.outputFiles[0].text,
    bundled: Object.values(out.metafile.outputs).flatMap((o) => Object.keys(o.inputs)),
  };
}

/**
 * migrations/*.sql in order as one statement list. Local D1 runs a whole text as one list, so one
 * call makes a database (about 3 s against 10 for a call a file); on Cloudflare `wrangler d1
 * migrations apply` runs the same files, each ending its statements with a semicolon.
 */
export const migrationsSql = (): string =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"))
    .join("\n");

/**
 * The delivery queue `queue` and its dead letters, as wrangler.toml binds them; no batching wait, so a
 * message goes to the consumer at once.
 */
export function deliveryQueue(
  queue: string,
  { producer = true, maxRetries = 5 }: { producer?: boolean; maxRetries?: number } = {},
): Pick<WorkerOptions, "queueProducers" | "queueConsumers"> {
  const dlq = `${queue}${DEAD_LETTER_SUFFIX}`;
  return {
    queueProducers: producer ? { LEADS_QUEUE: { queueName: queue } } : undefined,
    queueConsumers: {
      [queue]: { maxBatchTimeout: 0, maxRetries, deadLetterQueue: dlq },
      [dlq]: { maxBatchTimeout: 0 },
    },
  };
}

/** Miniflare's handleRuntimeStdio, keeping workerd's output (the Worker's log) in `lines`, a line each. */
export const keepOutput =
  (lines: string[]) =>
  (stdout: Readable, stderr: Readable): void => {
    for (const stream of [stdout, stderr])
      stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  };

/** The tables a copy of D1 takes, per copy: read once, from the copy's own migrations. */
const copiedTables = new WeakMap<object, string[]>();

/**
 * D1 as it is now, copied table by table into a SQLite store made by the same migrations, for the
 * checks to read. Each read of D1 from outside workerd costs Miniflare's proxy a few round trips
 * (tens of milliseconds on a busy machine), and a replay's checks make a hundred after every step; the
 * copy takes one batch. What the relay wrote is D1's, row for row; `leads show` and the report then run
 * their SQL on SQLite, as they do on Node (with --d1, wrangler runs the same SQL on D1's SQLite).
 */
export async function d1Copy(db: D1Database, copy: ReturnType<typeof tempLeadStore>): Promise<LeadStore> {
  let tables = copiedTables.get(copy);
  if (!tables) {
    const ours = copy.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    const theirs = new Set(
      (
        await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()
      ).results.map((t) => t.name),
    );
    tables = ours.map((t) => t.name).filter((t) => theirs.has(t));
    expect(tables, "the lead store's tables, in D1 too").toContain("lead_quotes");
    copiedTables.set(copy, tables);
  }
  const read = await db.batch(tables.map((t) => db.prepare(`SELECT * FROM "${t}"`)));
  copy.db.exec("BEGIN");
  for (const [i, table] of tables.entries()) {
    copy.db.exec(`DELETE FROM "${table}"`);
    for (const row of read[i].results as Record<string, unknown>[]) {
      const keys = Object.keys(row);
      copy.db
        .prepare(
          `INSERT INTO "${table}" (${keys.map((k) => `"${k}"`).join(", ")}) VALUES (${keys.map(() => "?").join(", ")})`,
        )
        .run(...keys.map((k) => row[k]));
    }
  }
  copy.db.exec("COMMIT");
  return copy.store;
}
