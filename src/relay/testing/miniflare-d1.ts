/**
 * The local D1 that `wrangler d1 execute --local --persist-to DIR` reads, reached in this process
 * through Miniflare, the engine wrangler itself starts for each command: one workerd for every
 * command of a test instead of a wrangler process each (about 3 s of CPU apiece). The statements of a
 * command go to D1 as wrangler sends them, and the answers come back in wrangler's --json shape, so
 * `commandSql` (wrangler-d1.ts) batches, counts and reads them as it does wrangler's.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { commandSql, D1_BINDING, splitCommand, type Answer, type D1SqlOpener } from "../node/wrangler-d1.ts";
import { COMPATIBILITY_DATE, ROOT } from "./workerd.ts";

/** relay/wrangler.toml's database_id: the name wrangler keeps the local database under. */
const DATABASE_ID = /^database_id = "(.+)"$/m.exec(
  readFileSync(path.join(ROOT, "relay/wrangler.toml"), "utf8"),
)![1];

export interface MiniflareD1 {
  /** For `leadsInProcess(..., { openD1 })`: the D1 in `persistTo`, and no other. */
  open: D1SqlOpener;
  close: () => Promise<void>;
}

export function miniflareD1(persistTo: string): MiniflareD1 {
  const mf = new Miniflare({
    modules: true,
    script: "export default {}",
    compatibilityDate: COMPATIBILITY_DATE,
    d1Databases: { [D1_BINDING]: DATABASE_ID },
    // wrangler keeps a local D1 under v3/d1 of the folder --persist-to names.
    d1Persist: path.join(persistTo, "v3", "d1"),
  });
  const db = mf.getD1Database(D1_BINDING);
  return {
    open: (options) => {
      if (options.remote || path.resolve(options.persistTo ?? "") !== path.resolve(persistTo))
        throw new Error(`This test's D1 is the local one in ${persistTo}, not ${JSON.stringify(options)}.`);
      return commandSql(async (command) => {
        const d1 = await db;
        const answers = await d1.batch(splitCommand(command).map((statement) => d1.prepare(statement)));
        return answers as Answer[];
      });
    },
    close: () => mf.dispose(),
  };
}
