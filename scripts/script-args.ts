/**
 * A script's arguments, read as every script here reads them (decision 0082): node:util's
 * parseArgs, with the options the script names and nothing else, and the same answers everywhere:
 * - `--help`, `-h` and `help` print the usage on stdout, exit code 0;
 * - an option the script does not take, an option without its value, a value given to a switch,
 *   or an argument more than the script takes: one line saying which (with the option probably
 *   meant), then the usage, on stderr, exit code 2;
 * - a failure of the work itself is exit code 1 (the script's own).
 * Scripts whose work runs in-process for tests (leads-cli.ts, new-suburb-cli.ts) call readArgs
 * and answer through their ScriptIo; the others call scriptArgs, which exits.
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { escapeTerminal } from "../src/shared/escape.ts";

/** A mistake in how a command was called. */
export const USAGE_EXIT = 2;
/** The command was called right and its work failed. */
export const FAILURE_EXIT = 1;

export interface ArgsSpec<T extends ParseArgsOptionsConfig> {
  options: T;
  usage: string;
  /** The most arguments besides options (default 0). */
  most?: number;
}

type Parsed<T extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>
>;

/** What a command answers instead of running: its usage (asked for) or a mistake with its usage. */
export interface ArgsAnswer {
  code: 0 | typeof USAGE_EXIT;
  text: string;
}

/** The values and arguments, or the answer to give instead (help, or a usage mistake). */
export function readArgs<T extends ParseArgsOptionsConfig>(
  args: readonly string[],
  { options, usage, most = 0 }: ArgsSpec<T>,
): Parsed<T> | ArgsAnswer {
  if (args[0] === "help" || args.some((a) => a === "--help" || a === "-h")) return { code: 0, text: usage };
  const mistake = (line: string): ArgsAnswer => ({
    code: USAGE_EXIT,
    text: `${escapeTerminal(line)}\n${usage}`,
  });
  const { tokens } = parseArgs({
    args: [...args],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const t of tokens) {
    if (t.kind !== "option") continue;
    const option = options[t.name];
    if (!option) return mistake(`Unknown option ${t.rawName}.${nearest(t.name, Object.keys(options))}`);
    if (option.type === "string" && t.value === undefined) return mistake(`${t.rawName} needs a value.`);
    if (option.type === "boolean" && t.inlineValue) return mistake(`${t.rawName} takes no value.`);
  }
  const parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  if (parsed.positionals.length > most)
    return mistake(
      `Unexpected ${most === 0 ? "argument" : "extra argument"}: ${parsed.positionals.slice(most).join(" ")}.`,
    );
  return parsed;
}

/** The script's values and arguments; help or a usage mistake ends the process here. */
export function scriptArgs<T extends ParseArgsOptionsConfig>(
  spec: ArgsSpec<T>,
  args: readonly string[] = process.argv.slice(2),
): Parsed<T> {
  const read = readArgs(args, spec);
  if ("code" in read) exitWith(read);
  return read;
}

/** A usage mistake found after reading (a value out of range): the line, the usage, exit code 2. */
export function usageMistake(line: string, usage: string): never {
  exitWith({ code: USAGE_EXIT, text: `${escapeTerminal(line)}\n${usage}` });
}

function exitWith({ code, text }: ArgsAnswer): never {
  (code ? process.stderr : process.stdout).write(`${text}\n`);
  process.exit(code);
}

/** " Did you mean --json?" for the option closest to what was typed, when one is close. */
function nearest(typed: string, names: string[]): string {
  const close = names
    .map((name) => ({ name, d: distance(typed.toLowerCase(), name) }))
    .filter(({ name, d }) => d <= Math.min(3, Math.ceil(name.length / 2)))
    .sort((a, b) => a.d - b.d)[0];
  return close ? ` Did you mean --${close.name}?` : "";
}

/** Levenshtein's edit distance: the letters to add, remove or change to turn `a` into `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}
