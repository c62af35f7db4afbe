/**
 * What every test of the Worker relay in workerd (Miniflare) starts from: worker.ts bundled as
 * `wrangler deploy` uploads it, the compatibility date relay/wrangler.toml deploys it with, the
 * delivery queue and its dead letters as wrangler.toml declares them, the shared migrations, and
 * workerd's output kept line by line. Used by worker/worker.e2e.test.ts, worker/email.e2e.test.ts
 * and worker/owner-day.e2e.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { build } from "esbuild";
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
