/**
 * JSON Schemas for the files in content/, generated from the zod schemas, so
 * an editor (VS Code with the YAML extension) completes field names, shows
 * each field's description on hover and flags a mistake while the maintainer
 * types, before any build. The build writes them to schemas/ when they change
 * (scripts/build-site.ts), and a test checks the committed ones are current.
 *
 * `io: "input"` describes what the maintainer writes, not what the build reads
 * after parsing: a field with a default may be left out.
 *
 * Each file's schema, its title and what only the build checks come from the
 * registry of content files (src/content/content.ts), as does the editor's
 * mapping of each file to its schema in .vscode/settings.json.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { CONTENT_FILES, FILE_KEYS } from "../../content/content.ts";
import { writeIfChanged } from "../generated.ts";

/** Where the schemas live, beside content/ rather than in it: the owner never edits them. */
export const SCHEMA_DIR = "schemas";

/** The schema file for a content file: "suburbs.yaml" → "suburbs.schema.json". */
export const schemaFileFor = (yamlFile: string) => yamlFile.replace(/\.yaml$/, ".schema.json");

/** The editor's settings, which map each content file to its schema for the YAML extension. */
export const EDITOR_SETTINGS = ".vscode/settings.json";

/** The schema files, as {@link writeJsonSchemas} writes them into `dir`. */
export const schemaFiles = (dir = SCHEMA_DIR) =>
  FILE_KEYS.map((key) => path.join(dir, schemaFileFor(CONTENT_FILES[key].file)));

/** Every content file's JSON Schema, as the text to commit, by schema file name. */
export function jsonSchemas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const key of FILE_KEYS) {
    const entry = CONTENT_FILES[key];
    const json = z.toJSONSchema(entry.schema as z.ZodType, { io: "input", target: "draft-7" }) as Record<
      string,
      unknown
    >;
    const { $schema, ...rest } = json;
    const checks = "buildChecks" in entry ? entry.buildChecks : undefined;
    const described = {
      $schema,
      title: `content/${entry.file}`,
      description: [
        `The site's ${entry.file.replace(".yaml", "")} content, edited by hand. Generated from its schema in src/content/schema/: do not edit.`,
        "example" in entry ? "Optional: the site builds without it." : undefined,
        checks && `Checked by \`npm run build\`, not by this schema: ${checks}`,
      ]
        .filter(Boolean)
        .join(" "),
      ...rest,
    };
    out.set(schemaFileFor(entry.file), JSON.stringify(described, null, 2) + "\n");
  }
  return out;
}

/** The editor's settings with each content file mapped to its schema (and any other setting kept). */
export function editorSettings(current: Record<string, unknown> = {}): string {
  const schemas = Object.fromEntries(
    FILE_KEYS.map((key) => CONTENT_FILES[key].file)
      .sort()
      .map((file) => [`./${SCHEMA_DIR}/${schemaFileFor(file)}`, `content/${file}`]),
  );
  return JSON.stringify({ ...current, "yaml.schemas": schemas }, null, 2) + "\n";
}

/** Writes the schemas, and the editor's mapping to them, whose text changed; returns their paths. */
export function writeJsonSchemas(dir = SCHEMA_DIR, settings = EDITOR_SETTINGS): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of jsonSchemas()) {
    const full = path.join(dir, name);
    if (writeIfChanged(full, text)) written.push(full);
  }
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(readFileSync(settings, "utf8")) as Record<string, unknown>;
  } catch {
    // none yet, or not JSON: written afresh
  }
  mkdirSync(path.dirname(settings), { recursive: true });
  if (writeIfChanged(settings, editorSettings(current))) written.push(settings);
  return written;
}
