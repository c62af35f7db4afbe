// @ts-check
/**
 * The scripts npm runs often, precompiled: each is bundled by esbuild into one ES module in
 * .cache/scripts/NAME/ when a file it is made from has changed since, and run by plain Node, with no
 * TypeScript loader at run time (docs/decisions/0083-precompiled-scripts.md). A start finds a
 * script current from its files' sizes and times (their hashes when a time moved) in a few
 * milliseconds, and loads esbuild only to compile. Plain JavaScript, like the launcher
 * (scripts/run.mjs), because Node reads it without a loader.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sha256, SourceHashes } from "./source-hashes.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Each precompiled script by name, and its source. */
export const SCRIPTS = {
  build: "scripts/build.ts",
  serve: "scripts/serve.ts",
  dev: "scripts/dev.ts",
  /** The dev server's build thread (dev/builds.ts). */
  "dev-builder": "src/build/dev/builder.ts",
  /** One build as the bench measures it (scripts/bench.ts). */
  "bench-build": "scripts/bench-build.ts",
};

/**
 * A checkout and its scripts: this repository's, or a test's own.
 * @typedef {{ root: string; scripts: Record<string, string> }} Project
 */
/** @type {Project} */
export const PROJECT = { root: ROOT, scripts: SCRIPTS };

/**
 * Packages Node loads from node_modules, not bundled: native code (lightningcss, sharp, libsql,
 * esbuild's own binary), and what is loaded only when needed (Tailwind on a CSS cache miss, `yaml`
 * when a content problem needs its line). Everything else is bundled: one file parses faster than
 * hundreds.
 */
const EXTERNAL = ["@tailwindcss/node", "tailwindcss", "lightningcss", "esbuild", "sharp", "libsql", "yaml"];

/**
 * What a script depends on besides the files esbuild reads: how scripts are compiled (this file and
 * what it imports), and what npm installed (every bundled or external package's version).
 * @param {string} root
 */
const always = (root) => [
  import.meta.filename,
  path.join(import.meta.dirname, "source-hashes.mjs"),
  path.join(root, "node_modules", ".package-lock.json"),
];

/**
 * Bundled CommonJS packages (React) require Node's built-in modules; an ES module has no `require`
 * of its own.
 */
const REQUIRE =
  'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);';

/**
 * @typedef {object} Manifest
 * @property {string} root the checkout the script was compiled in (absolute paths are compiled in)
 * @property {Record<string, string>} sources each file it was made from, relative to root, with its SHA-256
 * @property {Record<string, string[]>} imports the files each source imports, for {@link sourcesOf}
 */

/** @param {Project} project @param {string} name */
function dirOf(project, name) {
  if (!Object.hasOwn(project.scripts, name)) throw new Error(`no script ${name} to precompile`);
  return path.join(project.root, ".cache", "scripts", name);
}

/** @param {string} dir @returns {Manifest | undefined} */
function readManifest(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The script's compiled file, compiled first if it is not there or a file it is made from changed.
 * @param {string} name one of {@link SCRIPTS}
 * @returns {Promise<string>}
 */
export async function precompiled(name, project = PROJECT) {
  const dir = dirOf(project, name);
  const script = path.join(dir, "script.mjs");
  const manifest = readManifest(dir);
  const hashes = new SourceHashes(dir);
  if (manifest?.root === project.root && existsSync(script) && unchanged(project, hashes, manifest.sources)) {
    hashes.save();
    return script;
  }
  await compile(project, name, dir);
  return script;
}

/**
 * Whether every file still has the hash it had, each read again only when its size or time moved
 * (a checkout or a save that changed nothing).
 * @param {Project} project
 * @param {SourceHashes} hashes
 * @param {Record<string, string>} sources
 */
function unchanged(project, hashes, sources) {
  try {
    for (const [file, hash] of Object.entries(sources))
      if (hashes.hash(path.join(project.root, file)) !== hash) return false;
  } catch {
    return false; // a file is gone
  }
  return true;
}

/**
 * Replaces `import.meta.dirname`, `.filename` and `.url` in a source with where that source is, so
 * code that finds files beside itself (the stylesheet, the islands, the worker files) finds them
 * from the bundle as it does from the source. Hashes each source as read: the manifest records what
 * was compiled, even if a file is saved again while esbuild works.
 * @param {string} root
 * @param {Record<string, string>} sources
 * @returns {import("esbuild").Plugin}
 */
const atSource = (root, sources) => ({
  name: "at-source",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const bytes = readFileSync(args.path);
      sources[path.relative(root, args.path)] = sha256(bytes);
      const where = {
        dirname: path.dirname(args.path),
        filename: args.path,
        url: pathToFileURL(args.path).href,
      };
      const contents = bytes
        .toString()
        .replace(/\bimport\.meta\.(dirname|filename|url)\b/g, (_, key) =>
          JSON.stringify(where[/** @type {keyof typeof where} */ (key)]),
        );
      const ext = path.extname(args.path).slice(1);
      return { contents, loader: /** @type {"ts" | "tsx" | "js"} */ (ext.startsWith("ts") ? ext : "js") };
    });
  },
});

/**
 * Bundles the script into `dir`/script.mjs (and its source map), each file written beside its place and
 * renamed into it, so a script starting meanwhile reads the old file or the new, whole.
 * @param {Project} project
 * @param {string} name
 * @param {string} dir
 */
async function compile({ root, scripts }, name, dir) {
  const esbuild = await import("esbuild");
  /** @type {Record<string, string>} */
  const sources = {};
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, scripts[name])],
    outfile: path.join(dir, "script.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    jsx: "automatic",
    external: EXTERNAL,
    banner: { js: REQUIRE },
    sourcemap: "linked",
    metafile: true,
    write: false,
    logLevel: "silent",
    plugins: [atSource(root, sources)],
  });
  /** @type {Record<string, string[]>} */
  const imports = {};
  for (const [file, input] of Object.entries(result.metafile.inputs))
    if (file in sources)
      imports[file] = input.imports.filter((i) => !i.external && i.path in sources).map((i) => i.path);
  // npm writes the lock into node_modules/ at every install; another package manager may not.
  for (const file of always(root).filter((f) => existsSync(f)))
    sources[path.relative(root, file)] = sha256(readFileSync(file));

  mkdirSync(dir, { recursive: true });
  for (const out of result.outputFiles) writeWhole(out.path, out.contents);
  writeWhole(
    path.join(dir, "manifest.json"),
    JSON.stringify(/** @satisfies {Manifest} */ ({ root, sources, imports })),
  );
}

/** @param {string} file @param {string | Uint8Array} data */
function writeWhole(file, data) {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * The files `module` is made from (itself, what it imports however deep, and what npm installed),
 * each with its hash, as the last compile of `name` found them: undefined when that compile did not
 * include `module`, or when one of those files has changed since (what it imports may have changed
 * too, so the list cannot be trusted until the script is compiled again).
 * @param {string} name one of {@link SCRIPTS}
 * @param {string} module relative to the root, e.g. "src/build/content/json-schema.ts"
 * @returns {Record<string, string> | undefined}
 */
export function sourcesOf(name, module, project = PROJECT) {
  const dir = dirOf(project, name);
  const manifest = readManifest(dir);
  if (manifest?.root !== project.root || !(module in manifest.imports)) return undefined;
  const found = new Set([
    module,
    ...always(project.root)
      .map((file) => path.relative(project.root, file))
      .filter((file) => file in manifest.sources),
  ]);
  for (const file of found) for (const next of manifest.imports[file] ?? []) found.add(next);
  const sources = Object.fromEntries([...found].map((file) => [file, manifest.sources[file]]));
  // Read-only: the launcher keeps the remembered times of every file the script is made from.
  return unchanged(project, new SourceHashes(dir), sources) ? sources : undefined;
}
