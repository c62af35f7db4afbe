/**
 * A script's arguments, read as every script here reads them: node:util's parseArgs, with the
 * options the script names and nothing else (decision 0059). A mistake (an option the script does
 * not take, an option without its value) ends the script with parseArgs' message and the script's
 * usage on stderr, exit code 2. Scripts whose work runs in-process for tests (leads-cli.ts,
 * new-suburb-cli.ts) call parseArgs themselves and answer the same way through their ScriptIo.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

export function scriptArgs<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
