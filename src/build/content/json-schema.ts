/**
 * JSON Schemas for the files in content/, generated from the zod schemas, so
 * an editor (VS Code with the YAML extension) completes field names, shows
 * each field's description on hover and flags a mistake while the maintainer
 * types, before any build. The build writes them to schemas/ when they change
 * (scripts/build-site.ts), and a test checks the committed ones are current.
 *
 * `io: "input"` describes what the maintainer writes, not what the build reads
 * after parsing: a field with a default may be left out, and a service's
 * `name`, which its schema adds from the contact form's options, is not there.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { FILES } from "../../content/content.ts";
import { writeIfChanged } from "../generated.ts";

/** Where the schemas live, beside content/ rather than in it: the owner never edits them. */
export const SCHEMA_DIR = "schemas";

/** What the build checks across entries and files, which a JSON Schema cannot say. */
const BUILD_ONLY: Partial<Record<keyof typeof FILES, string>> = {
  suburbs:
    "Checked by `npm run build`, not by this schema: each slug is the name in lowercase with hyphens and is used once; each `nearby` slug is another suburb in this file; each figure's and school's source is listed under `sources:`; no field still says FILL IN.",
  services:
    "Checked by `npm run build`, not by this schema: each slug and formValue is used once; each image is a file in content/images/.",
  home: "Checked by `npm run build`, not by this schema: each image is a file in content/images/.",
  about: "Checked by `npm run build`, not by this schema: each image is a file in content/images/.",
  site: "Checked by `npm run build`, not by this schema: the ABN's check digits.",
  booking:
    "Checked by `npm run build`, not by this schema: each blocked day is a day of the calendar (no 2027-02-30).",
  pricing:
    "Optional: without this file no price appears on the site. Checked by `npm run build`, not by this schema: each service and add-on id is used once; byRooms or byPropertyType, not both; each price row is listed once and within callUsAbove; callUsAbove.total is above the minimum; amounts have at most 2 decimals.",
};

/** The schema file for a content file: "suburbs.yaml" → "suburbs.schema.json". */
export const schemaFileFor = (yamlFile: string) => yamlFile.replace(/\.yaml$/, ".schema.json");

/** The schema files, as {@link writeJsonSchemas} writes them into `dir`. */
export const schemaFiles = (dir = SCHEMA_DIR) =>
  Object.values(FILES).map(([file]) => path.join(dir, schemaFileFor(file)));

/** Every content file's JSON Schema, as the text to commit, by schema file name. */
export function jsonSchemas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, [file, schema]] of Object.entries(FILES) as [
    keyof typeof FILES,
    (typeof FILES)[keyof typeof FILES],
  ][]) {
    const json = z.toJSONSchema(schema as z.ZodType, { io: "input", target: "draft-7" }) as Record<
      string,
      unknown
    >;
    const { $schema, ...rest } = json;
    const described = {
      $schema,
      title: `content/${file}`,
      description: [
        `The site's ${file.replace(".yaml", "")} content, edited by hand. Generated from src/content/schema.ts: do not edit.`,
        BUILD_ONLY[key],
      ]
        .filter(Boolean)
        .join(" "),
      ...rest,
    };
    out.set(schemaFileFor(file), JSON.stringify(described, null, 2) + "\n");
  }
  return out;
}

/** Writes the schemas whose text changed; returns their paths. */
export function writeJsonSchemas(dir = SCHEMA_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of jsonSchemas()) {
    const full = path.join(dir, name);
    if (writeIfChanged(full, text)) written.push(full);
  }
  return written;
}
