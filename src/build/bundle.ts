/** Bundles the browser entry with esbuild: minified, code-split, content-hashed. */
import path from "node:path";
import * as esbuild from "esbuild";

const ENTRY = path.resolve(import.meta.dirname, "../client/islands.ts");

/** Writes the islands bundle into `<outDir>/assets` and returns the entry's URL path. */
export async function bundleIslands(outDir: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: ["es2022"],
    outdir: path.join(outDir, "assets"),
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
  return "/" + path.relative(outDir, path.resolve(entry[0])).split(path.sep).join("/");
}
