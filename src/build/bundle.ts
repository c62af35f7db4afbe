/** Bundles the browser entry with esbuild: minified, code-split, content-hashed. */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const ENTRY = path.resolve(import.meta.dirname, "../browser/loader/islands.ts");

/**
 * The last bundle, kept so a rebuild in the same process (the dev server's
 * builder) copies it instead of bundling again when no input file changed.
 */
let last:
  { inputs: [string, number][]; files: [string, Buffer][]; entry: string; relayOrigin: string } | undefined;

const stamp = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

const CHUNKS_MARK = '"__ISLAND_CHUNKS__"';

/** An output file's address on the site: its path under `outDir`, from the root. */
const siteUrl = (outDir: string, file: string) =>
  "/" + path.relative(outDir, path.resolve(file)).split(path.sep).join("/");

/**
 * Writes into the entry, in place of its mark, the chunk files each island
 * needs when it wakes (its own chunk, the hydration helper with React, and
 * their static imports), so the loader can fetch them ahead of running them.
 * The entry's file name stays as esbuild hashed it: the list follows from the
 * chunk names the entry already imports, so equal names mean equal contents.
 */
function writeChunkList(entryFile: string, metafile: esbuild.Metafile, outDir: string) {
  const outputs = metafile.outputs;
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const i of outputs[file].imports)
      if (i.kind === "import-statement" && !i.external) closure(i.path, into);
    return into;
  };
  const byEntryPoint = (suffix: string) => {
    const found = Object.keys(outputs).find((f) => outputs[f].entryPoint?.endsWith(suffix));
    if (!found) throw new Error(`esbuild wrote no chunk for ${suffix}`);
    return found;
  };
  const loaded = closure(entryFile, new Set());
  const hydrate = byEntryPoint("src/browser/loader/hydrate.ts");
  const list: Record<string, string[]> = {};
  for (const source of Object.keys(metafile.inputs).filter((f) =>
    /src\/browser\/islands\/[A-Z]\w+\.tsx$/.test(f),
  )) {
    const chunk = Object.keys(outputs).find((f) => outputs[f].entryPoint === source);
    if (!chunk) continue; // an island component the loader does not import
    const needed = closure(hydrate, closure(chunk, new Set()));
    list[path.basename(source, ".tsx")] = [...needed]
      .filter((f) => !loaded.has(f))
      .map((f) => siteUrl(outDir, f));
  }
  const code = readFileSync(entryFile, "utf8");
  if (!code.includes(CHUNKS_MARK))
    throw new Error(`${entryFile} has no ${CHUNKS_MARK} for the island chunk list`);
  writeFileSync(entryFile, code.replace(CHUNKS_MARK, JSON.stringify(list)));
}

/**
 * Writes the islands bundle into `<outDir>/assets` and returns the entry's URL path. `relayOrigin`:
 * where the relay answers when it is not this site (RELAY_URL), for what the loader sends without a
 * form to take the address from (a tap on a phone number).
 */
export async function bundleIslands(outDir: string, relayOrigin = ""): Promise<string> {
  const assets = path.join(outDir, "assets");
  if (
    last &&
    last.relayOrigin === relayOrigin &&
    last.inputs.every(([file, mtime]) => stamp(file) === mtime)
  ) {
    mkdirSync(assets, { recursive: true });
    for (const [name, data] of last.files) writeFileSync(path.join(assets, name), data);
    return last.entry;
  }
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: ["es2022"],
    outdir: assets,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    metafile: true,
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"', __RELAY_ORIGIN__: JSON.stringify(relayOrigin) },
    legalComments: "none",
    logLevel: "silent",
  });
  const entry = Object.entries(result.metafile.outputs).find(
    ([, o]) => o.entryPoint && path.resolve(o.entryPoint) === ENTRY,
  );
  if (!entry) throw new Error("esbuild wrote no entry for src/browser/loader/islands.ts");
  const url = siteUrl(outDir, entry[0]);
  writeChunkList(entry[0], result.metafile, outDir);
  last = {
    inputs: Object.keys(result.metafile.inputs).map((f) => [path.resolve(f), stamp(path.resolve(f))]),
    files: Object.keys(result.metafile.outputs).map((f) => [path.basename(f), readFileSync(path.resolve(f))]),
    entry: url,
    relayOrigin,
  };
  return url;
}
