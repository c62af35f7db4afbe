/**
 * What `wrangler d1 migrations apply` prints, as relay:migrate and relay:dev pass it on: without
 * colours, the migrations listed once (wrangler prints its table of them again after each one: 14
 * tables, 527 lines, for 14 migrations), its banner and its questions' echoes left out, and every
 * other line (an error, "No migrations to apply!") as wrangler wrote it.
 */
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { wrap } from "../src/shared/wrap.ts";

// eslint-disable-next-line no-control-regex -- removing terminal colour codes is the point
const COLOURS = /\u001b\[[0-9;]*m/g;
/** wrangler's lines that say nothing once the migrations are listed and applied. */
const NOISE = [
  /^\s*⛅️ wrangler/,
  /^─+$/,
  /^Use --remote if you want/,
  /^Migrations to be applied:/,
  /^\? About to apply/,
  /^Your database may not be available/,
  /^🤖 Using fallback value/,
  /^🌀 To execute on your remote database/,
  /^🚣 \d+ commands? executed/,
];

export function migrationLines(output: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let toApply: string[] | undefined;
  let statuses: string[][] = [];
  let table: string[][] | undefined;
  for (const raw of output.replace(COLOURS, "").split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (/^[┌├└│]/.test(line)) {
      table ??= [];
      if (line.startsWith("│"))
        table.push(
          line
            .split("│")
            .slice(1, -1)
            .map((c) => c.trim()),
        );
      if (!line.startsWith("└")) continue;
      // The table ended: its rows without the header.
      const rows = table.filter((r) => r[0] !== "name");
      table = undefined;
      if (rows[0]?.length === 1 && !toApply) {
        toApply = rows.map((r) => r[0]);
        out.push(wrap(`Migrations to apply: ${toApply.join(", ")}.`));
      } else if (rows[0]?.length === 2) statuses = rows;
      continue;
    }
    if (!line.trim() || NOISE.some((n) => n.test(line)) || seen.has(line)) continue;
    seen.add(line);
    out.push(wrap(line));
  }
  if (statuses.length) {
    const applied = statuses.filter((r) => r[1].includes("✅")).length;
    const failed = statuses.filter((r) => r[1].includes("❌")).map((r) => r[0]);
    out.push(`Applied ${applied} of ${statuses.length} migrations.`);
    if (failed.length) out.push(wrap(`Failed: ${failed.join(", ")}.`));
  }
  return out;
}

/**
 * A wrangler's output passed on line by line without colours: wrangler colours its warnings and
 * errors whatever FORCE_COLOR says (they go through esbuild's formatter), which a log or a pipe
 * shows as `[33m▲ [43;33m[WARNING]`.
 */
export function passPlain(child: ChildProcess) {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (from)
      createInterface({ input: from }).on("line", (line) => to.write(`${line.replace(COLOURS, "")}\n`));
  }
}
