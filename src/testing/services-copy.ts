/**
 * A service added or one retired as the owner does it, by YAML alone, on a copy of content/: a
 * seventh service, window cleaning, written as a copy of house cleaning's entry under its own slug,
 * value and names; or carpet cleaning's entry deleted. Nothing in src/ is touched.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseDocument, type YAMLMap, type YAMLSeq } from "yaml";
import { contentCopy } from "./new-suburb.ts";

export const ADDED = {
  slug: "window-cleaning-brisbane",
  formValue: "window-cleaning",
  name: "Window Cleaning Brisbane",
  navLabel: "Window Cleaning",
};
export const RETIRED = {
  slug: "carpet-cleaning-brisbane",
  formValue: "carpet-cleaning",
  name: "Carpet Cleaning Brisbane",
};

/** A copy of content/ with ADDED offered as its seventh service, or with RETIRED gone. */
export function contentWithServicesChanged(change: "add" | "retire"): string {
  const dir = contentCopy();
  const file = path.join(dir, "services.yaml");
  const doc = parseDocument(readFileSync(file, "utf8"));
  const list = doc.get("services") as YAMLSeq<YAMLMap>;
  const at = (value: string) => list.items.findIndex((s) => s.get("formValue") === value);
  if (change === "retire") list.items.splice(at(RETIRED.formValue), 1);
  else {
    const added = list.items[at("house-cleaning")].clone() as YAMLMap;
    for (const [key, value] of Object.entries(ADDED)) added.set(key, value);
    added.setIn(["seo", "title"], `${ADDED.name} | Jacaranda Cleaning Co.`);
    added.setIn(["banner", "title"], ADDED.name);
    list.items.push(added);
  }
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
  return dir;
}
