/**
 * Where a script's work (runLeads, runNewSuburb) reads its settings and writes: the process's own
 * when it runs as `npm run ...`, strings kept in memory when a test runs it in-process.
 */
export interface ScriptIo {
  env: NodeJS.ProcessEnv;
  /** `isTTY`: the output is a terminal (a person reading), not a file or a pipe. */
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
}

/** An io over `env` whose output is kept: read `printed.stdout` and `printed.stderr` after the run. */
export function capturedIo(
  env: NodeJS.ProcessEnv,
): ScriptIo & { printed: { stdout: string; stderr: string } } {
  const printed = { stdout: "", stderr: "" };
  return {
    env,
    printed,
    stdout: { write: (text: string) => (printed.stdout += text) },
    stderr: { write: (text: string) => (printed.stderr += text) },
  };
}
