/**
 * Files the build writes into the repository to be committed (the editor's JSON Schemas, the
 * relay's pages and emails as markup with slots): made only when what they are made from changed,
 * and written only when their text changed, so a build leaves the work tree clean unless a source
 * really moved.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT, sourcesOf, type Project } from "./precompile.mjs";
import { sha256 } from "./source-hashes.mjs";

/** Writes `text` to `file` unless it already holds exactly that; says whether it wrote. */
export function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, "utf8") === text) return false;
  writeFileSync(file, text);
  return true;
}

/** What generated files are made from. */
export interface MadeFrom {
  /** The module that makes them, relative to the repository, e.g. "src/build/result-markup.tsx". */
  module: string;
  /** The files it writes, and any other file it reads as it runs (a stylesheet). */
  files: string[];
}

/**
 * Runs `make` unless nothing its files are made from changed since it last ran: the sources of
 * `module` (as a precompiled script that includes it was compiled from them, src/build/precompile.mjs:
 * the build's, or the server's, which builds for `npm start`) and `files` as they are now, so an
 * edit or checkout of a generated file makes it again. When that cannot be known (no such script
 * is precompiled, or a source changed since it was), it runs.
 */
export async function unlessCurrent(
  from: MadeFrom,
  make: () => unknown,
  project: Project = PROJECT,
): Promise<void> {
  // Each module's stamp when it last ran (git-ignored).
  const file = path.join(project.root, ".cache", "generated.json");
  let stamps: Record<string, string> = {};
  try {
    stamps = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  } catch {
    // none yet: everything is made
  }
  const before = stampOf(from, project);
  if (before !== undefined && stamps[from.module] === before) return;
  await make();
  const after = stampOf(from, project);
  if (after === undefined) return;
  stamps[from.module] = after;
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(stamps));
  renameSync(tmp, file);
}

function stampOf({ module, files }: MadeFrom, project: Project): string | undefined {
  if (!existsSync(path.join(project.root, module))) throw new Error(`unlessCurrent: no module ${module}`);
  // Any current compile that includes the module names the same sources; sorted, the stamp is the same
  // whichever found them.
  let sources: Record<string, string> | undefined;
  for (const name of Object.keys(project.scripts)) if ((sources = sourcesOf(name, module, project))) break;
  if (!sources) return undefined;
  const now = files.map((file) => (existsSync(file) ? sha256(readFileSync(file)) : null));
  return sha256(JSON.stringify([Object.entries(sources).sort(), files, now]));
}
