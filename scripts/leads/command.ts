/** What each `npm run leads` command (list, show, resend, export, report) is handed. */
import type { Clock } from "../../src/relay/clock.ts";
import type { LeadStore } from "../../src/relay/leads/store.ts";
import type { SiteFacts } from "../../src/relay/site.ts";
import type { LeadsArgs } from "./args.ts";
import type { Output } from "./output.ts";

export interface CommandContext {
  args: LeadsArgs;
  store: LeadStore;
  /** The store is the Worker's D1 (--d1). */
  d1: boolean;
  out: Output;
  env: NodeJS.ProcessEnv;
  /** The site's facts from content/ (../site-facts.ts); undefined where content/ cannot be read. */
  site: SiteFacts | undefined;
  /** The business's clock, which every time shown is read on (UTC without the site's facts). */
  clock: Clock;
}

export type Command = (context: CommandContext) => Promise<void>;
