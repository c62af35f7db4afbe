/**
 * `npm run leads ARGS` in this process: runLeads as scripts/leads.ts calls it, with `env` over
 * this process's environment and its output captured. What it printed and its exit code, in the
 * shape leadsScript (leads-script.ts) gives for the script started in its own process.
 */
import { runLeads } from "../../../scripts/leads-cli.ts";
import { capturedIo } from "../../../scripts/script-io.ts";
import type { ScriptRun } from "./leads-script.ts";

export async function leadsInProcess(args: readonly string[], env: Record<string, string | undefined>): Promise<ScriptRun> {
  const io = capturedIo({ ...process.env, ...env });
  const status = await runLeads(args, io);
  return { ...io.printed, status };
}
