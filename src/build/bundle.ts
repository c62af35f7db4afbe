/** Bundles the browser entry with esbuild: minified, code-split, content-hashed. */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const ENTRY = path.resolve(import.meta.dirname, "../client/islands.ts");

/**
 * The last bundle, kept so a rebuild in the same process (the dev server's
 * builder) copies it instead of bundling again when no input file changed.
 */
let last: { inputs: [string, number][]; files: [string, Buffer][]; entry: string } | undefined;

const stamp = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/** Writes the islands bundle into `<outDir>/assets` and returns the entry's URL path. */
export async function bundleIslands(outDir: string): Promise<string> {
  const assets = path.join(outDir, "assets");
  if (last && last.inputs.every(([file, mtime]) => stamp(file) === mtime)) {
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
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    logLevel: "silent",
  });
  const entry = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint && path.resolve(o.entryPoint) === ENTRY);
  if (!entry) throw new Error("esbuild wrote no entry for src/client/islands.ts");
  const url = "/" + path.relative(outDir, path.resolve(entry[0])).split(path.sep).join("/");
  last = {
    inputs: Object.keys(result.metafile.inputs).map((f) => [path.resolve(f), stamp(path.resolve(f))]),
    files: Object.keys(result.metafile.outputs).map((f) => [path.basename(f), readFileSync(path.resolve(f))]),
    entry: url,
  };
  return url;
}
