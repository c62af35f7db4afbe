/**
 * Where a problem is: a path inside a file's values (["suburbs", 7,
 * "postcode"]) turned into the line, entry label and field the editor sees.
 */
import path from "node:path";
import type { Node } from "yaml";
import { CONTENT_FILES, type FileKey } from "../../content/content.ts";
import type { ContentProblem } from "./problems.ts";
import { readParsed, yamlLibrary, type Parsed } from "./read-file.ts";

/**
 * The problem at `at` in the file. For an unknown field, `unknownKeys` are the
 * fields zod did not recognise (its issue's `keys`), and the line is the first
 * of them rather than the group of fields it sits in.
 */
export function locate(
  p: Parsed,
  at: readonly PropertyKey[],
  message: string,
  unknownKeys?: readonly string[],
): ContentProblem {
  const keys = at.map((k) => (typeof k === "symbol" ? String(k) : k)) as (string | number)[];
  // The entry is the first list item on the path: `suburbs[7] "quokka-flats"`.
  const listAt = keys.findIndex((k) => typeof k === "number");
  let entry = "";
  let fieldKeys = keys;
  if (listAt >= 0) {
    const item = p.doc.getIn(keys.slice(0, listAt + 1)) as unknown;
    const js = yamlLibrary().isMap(item) ? (item.toJSON() as Record<string, unknown>) : undefined;
    const label = js && (js.slug ?? js.name ?? js.title ?? js.question ?? js.service ?? js.id);
    entry = `${keys.slice(0, listAt).join(".")}[${keys[listAt]}]${typeof label === "string" ? ` ${JSON.stringify(label)}` : ""}`;
    fieldKeys = keys.slice(listAt + 1);
  }
  const field = fieldKeys.reduce<string>(
    (acc, k) => (typeof k === "number" ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k),
    "",
  );
  const line = p.lines.linePos(nodeAt(p, keys, unknownKeys?.[0])?.range?.[0] ?? 0).line;
  return { file: p.rel, line, entry, field, message };
}

/**
 * The deepest node that exists on the path (a missing field points at its parent), or the key `unknownKey`
 * inside it.
 */
function nodeAt(p: Parsed, keys: (string | number)[], unknownKey?: string): Node | undefined {
  let node: Node | undefined;
  for (let n = keys.length; n >= 0 && !node; n--) {
    const found = n === 0 ? p.doc.contents : p.doc.getIn(keys.slice(0, n), true);
    if (found && typeof found === "object" && "range" in found) node = found as Node;
  }
  if (unknownKey !== undefined && node && yamlLibrary().isMap(node)) {
    const pair = node.items.find((it) => (it.key as { value?: unknown })?.value === unknownKey);
    if (pair?.key && typeof pair.key === "object" && "range" in pair.key) return pair.key as Node;
  }
  return node;
}

/**
 * A problem the build finds after loading (a photo it cannot read), located
 * and worded like the loader's own: `content/home.yaml:37 → bondIntro.image.src: ...`.
 */
export function contentProblem(
  dir: string,
  file: FileKey,
  at: (string | number)[],
  message: string,
): ContentProblem {
  return locate(readParsed(path.join(dir, CONTENT_FILES[file].file)), at, message);
}
