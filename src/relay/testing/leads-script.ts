/**
 * `npm run leads ARGS` as npm starts it, in its own process, with `env` over this process's
 * environment: what it printed and its exit code. Killed (SIGKILL) if it has not ended in
 * `timeoutMs`. A test that imports this is end-to-end (*.e2e.test.ts), outside the fast run.
 */
import { spawn } from "node:child_process";

export interface ScriptRun {
  stdout: string;
  stderr: string;
  status: number | null;
}

export function leadsScript(
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], {
      env: { ...process.env, ...env },
    });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, status });
    });
  });
}
