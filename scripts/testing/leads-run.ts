/**
 * `npm run leads ARGS` in this process: runLeads as scripts/leads.ts calls it, with `env` over
 * this process's environment and its output captured. What it printed and its exit code, in the
 * shape leadsScript (leads-script.ts) gives for the script started in its own process. `openD1`: the
 * --d1 store reached without wrangler (leads-d1.e2e.test.ts).
 */
import { runLeads } from "../leads-cli.ts";
import { capturedIo } from "../script-io.ts";
import type { ScriptRun } from "../../src/relay/testing/leads-script.ts";
import type { D1SqlOpener } from "../../src/relay/node/wrangler-d1.ts";

/** `terminal`: the output is a terminal, as when the owner runs it without redirecting it. */
export async function leadsInProcess(
  args: readonly string[],
  env: Record<string, string | undefined>,
  { terminal = false, openD1 }: { terminal?: boolean; openD1?: D1SqlOpener } = {},
): Promise<ScriptRun> {
  const io = capturedIo({ ...process.env, ...env });
  if (terminal) io.stdout.isTTY = true;
  const status = await runLeads(args, io, { openD1 });
  return { ...io.printed, status };
}
