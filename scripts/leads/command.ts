/** What each `npm run leads` command (list, show, resend, export, report) is handed. */
import type { LeadStore } from "../../src/relay/leads/store.ts";
import type { LeadsArgs } from "./args.ts";
import type { Output } from "./output.ts";

export interface CommandContext {
  args: LeadsArgs;
  store: LeadStore;
  /** The store is the Worker's D1 (--d1). */
  d1: boolean;
  out: Output;
  env: NodeJS.ProcessEnv;
}

export type Command = (context: CommandContext) => Promise<void>;
