/**
 * The lead store `npm run leads` reads: the SQLite file of LEADS_DB, or with --d1 the Worker's D1 through
 * wrangler.
 */
import { existsSync } from "node:fs";
import { DEFAULT_LEADS_DB } from "../../src/relay/node/config.ts";
import { openLeadStore } from "../../src/relay/node/sqlite.ts";
import { type D1SqlOpener, wranglerD1Sql } from "../../src/relay/node/wrangler-d1.ts";
import { LeadStore } from "../../src/relay/leads/store.ts";
import { USAGE, type LeadsArgs } from "./args.ts";
import { USAGE_EXIT } from "../script-args.ts";
import { fail, shown } from "./fail.ts";

export interface OpenedStore {
  store: LeadStore;
  close: () => void;
  /** The Worker's D1: a resent lead goes out with the Worker's sweep, not the running relay. */
  d1: boolean;
}

/** `openD1`: how the D1 is reached; wrangler, but for a test that reaches it in its own process. */
export function openStore(
  { flags, config }: LeadsArgs,
  env: NodeJS.ProcessEnv,
  openD1: D1SqlOpener = wranglerD1Sql,
): OpenedStore {
  const persistTo = flags["persist-to"];
  if (!flags.d1) {
    if (flags.remote || flags.config !== undefined || persistTo !== undefined)
      fail(`--remote, --config and --persist-to are for the Worker's D1: add --d1.\n${USAGE}`, USAGE_EXIT);
    const file = env.LEADS_DB?.trim() || DEFAULT_LEADS_DB;
    if (!existsSync(file))
      fail(
        shown`No lead store at ${file} yet: the relay creates it when it starts (npm start). Set LEADS_DB if it is elsewhere.`,
      );
    return { ...openLeadStore(file), d1: false };
  }
  if (flags.remote && persistTo !== undefined)
    fail(`--persist-to is the local D1's folder: leave it out with --remote.\n${USAGE}`, USAGE_EXIT);
  if (!existsSync(config)) fail(shown`No wrangler configuration at ${config}: give its path with --config.`);
  return {
    store: new LeadStore(openD1({ remote: flags.remote, config, persistTo, env })),
    close: () => {},
    d1: true,
  };
}
