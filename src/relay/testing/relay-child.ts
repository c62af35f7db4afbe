/**
 * The Node relay started in a process of its own (relay-process.ts), for e2e
 * tests that kill it with SIGKILL and start it again on the same store: its
 * settings are `env` over this process's environment, its stderr is this
 * process's, and it resolves once the relay prints the address it listens at.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export interface RelayChild {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** Starts the relay process; `children` collects it, for the test to kill afterwards. */
export async function startRelayChild(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<RelayChild> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/relay/testing/relay-process.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the relay process did not print its address within 20 s")),
      20_000,
    );
    lines.on("line", (line) => {
      if (!line.startsWith("{")) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`the relay process exited (${code}) before listening`)));
  });
  return { url, child, exited };
}
