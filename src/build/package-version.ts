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
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "node_modules", name, "package.json");
    if (existsSync(file)) {
      version = (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
      known.set(name, version);
      return version;
    }
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed: run npm ci`);
  }
}
