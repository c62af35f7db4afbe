/**
 * An installed package's version, read from its package.json without loading the package: part of
 * a cache key wherever a package makes what is cached (sharp's photo copies, Tailwind's and Lightning
 * CSS's stylesheets).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const known = new Map<string, string>();

/** The version of `name` as Node would find it from this folder (node_modules/ here or above). */
export function packageVersion(name: string): string {
  let version = known.get(name);
  if (version !== undefined) return version;
  version = (
    JSON.parse(readFileSync(path.join(packageDir(name), "package.json"), "utf8")) as { version: string }
  ).version;
  known.set(name, version);
  return version;
}

/**
 * The folder `name` is installed in, as Node would find it from this folder: for a file the package
 * ships but does not export (the CMS's fonts, its configuration's JSON Schema).
 */
export function packageDir(name: string): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const found = path.join(dir, "node_modules", name);
    if (existsSync(path.join(found, "package.json"))) return found;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed: run npm ci`);
  }
}
