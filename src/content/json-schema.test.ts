import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { CORE_SCHEMA, load as readYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonSchemas, SCHEMA_DIR, schemaFileFor } from "./json-schema.ts";
import { FILES } from "./load.ts";

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validators = new Map<string, ReturnType<typeof ajv.compile>>(
  Object.values(FILES).map(([file]) => [file, ajv.compile(JSON.parse(readFileSync(path.join(SCHEMA_DIR, schemaFileFor(file)), "utf8")))]),
);
const zodFor = (file: string) => Object.values(FILES).find(([f]) => f === file)![1] as z.ZodType;
const read = (file: string, edit: (text: string) => string = (t) => t) => readYaml(edit(readFileSync(path.join("content", file), "utf8")), { schema: CORE_SCHEMA });

/** The fields JSON Schema finds wrong, as paths like "suburbs/5/postcode". */
function jsonSchemaFields(file: string, value: unknown): string[] {
  const validate = validators.get(file)!;
  if (validate(value)) return [];
  const field = (e: ErrorObject) => {
    const at = e.instancePath.slice(1);
    const key = e.keyword === "required" ? e.params.missingProperty : e.keyword === "additionalProperties" ? e.params.additionalProperty : undefined;
    return key === undefined ? at : at ? `${at}/${key}` : key;
  };
  // allOf wraps its own failures: keep the field, drop the duplicate.
  return [...new Set(validate.errors!.map(field))].sort();
}

/** The fields zod finds wrong, in the same form. */
function zodFields(file: string, value: unknown): string[] {
  const result = zodFor(file).safeParse(value);
  if (result.success) return [];
  const fields = result.error.issues.flatMap((iss) =>
    iss.code === "unrecognized_keys" ? iss.keys.map((k) => [...iss.path, k].join("/")) : [iss.path.join("/")],
  );
  return [...new Set(fields)].sort();
}

describe("the JSON Schemas in schemas/", () => {
  it("are the ones the zod schemas generate now (run `npm run build` to update them)", () => {
    const committed = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith(".schema.json")).sort();
    expect(committed).toEqual([...jsonSchemas().keys()].sort());
    for (const [name, text] of jsonSchemas()) expect(readFileSync(path.join(SCHEMA_DIR, name), "utf8"), name).toBe(text);
  });

  it.each(Object.values(FILES).map(([file]) => file))("accept today's content/%s", (file) => {
    expect(jsonSchemaFields(file, read(file))).toEqual([]);
  });

  it("say what only the build checks", () => {
    const suburbs = JSON.parse(jsonSchemas().get("suburbs.schema.json")!);
    expect(suburbs.description).toMatch(/not by this schema.*`nearby` slug is another suburb/);
    const entry = suburbs.properties.suburbs.items.properties;
    expect(entry.nearby.description).toMatch(/Checked by the build, not by this schema/);
    expect(entry.postcode.description).toBe('Four digits, e.g. "4055".');
  });

  it("give every field of a suburb entry a description, shown as hover help", () => {
    const entry = JSON.parse(jsonSchemas().get("suburbs.schema.json")!).properties.suburbs.items;
    const undescribed: string[] = [];
    const walk = (schema: any, at: string) => {
      for (const [key, field] of Object.entries<any>(schema.properties ?? {})) {
        if (!field.description) undescribed.push(`${at}${key}`);
        walk(field.items ?? field, `${at}${key}.`);
      }
    };
    walk(entry, "");
    expect(undescribed).toEqual([]);
  });

  const broken: [string, string, (t: string) => string, string[]][] = [
    ["a 3-digit postcode", "suburbs.yaml", (t) => t.replace('postcode: "4171"', 'postcode: "417"'), ["suburbs/5/postcode"]],
    ["a missing name", "suburbs.yaml", (t) => t.replace('    name: "Toowong"\n', ""), ["suburbs/1/name"]],
    ["an unknown field", "suburbs.yaml", (t) => t.replace('    postcode: "4066"\n', '    postcode: "4066"\n    postocde: "4066"\n'), ["suburbs/1/postocde"]],
    ["a school level outside the four", "suburbs.yaml", (t) => t.replace("level: Primary", "level: Kindergarten"), ["suburbs/0/schools/0/level"]],
    ["a source on a copy host", "suburbs.yaml", (t) => t.replace('source: "https://en.wikipedia.org/wiki/Annerley"', 'source: "https://kids.kiddle.co/Annerley,_Queensland"'), ["suburbs/0/population/source"]],
    ["a source over http", "suburbs.yaml", (t) => t.replace('url: "https://en.wikipedia.org/wiki/Toowong"', 'url: "http://en.wikipedia.org/wiki/Toowong"'), ["suburbs/1/sources/0/url"]],
    ["a source on a bare IP address", "suburbs.yaml", (t) => t.replace('url: "https://en.wikipedia.org/wiki/Toowong"', 'url: "https://108.161.137.60/piglix/Toowong"'), ["suburbs/1/sources/0/url"]],
    ["a source with a port", "suburbs.yaml", (t) => t.replace('url: "https://en.wikipedia.org/wiki/Toowong"', 'url: "https://en.wikipedia.org:20121/wiki/Toowong"'), ["suburbs/1/sources/0/url"]],
    ["a source without a citation", "suburbs.yaml", (t) => t.replace('      citation: "Wikipedia: Annerley"\n', ""), ["suburbs/0/population/citation"]],
    ["a wrong phone number", "site.yaml", (t) => t.replace(/^phone: .*$/m, 'phone: "12345"'), ["phone"]],
    ["a page title over 70 characters", "home.yaml", (t) => t.replace(/^( {2}title: ).*$/m, `$1"${"Bond cleaning Brisbane ".repeat(4)}"`), ["seo/title"]],
    ["a misspelt field in a FAQ", "faq.yaml", (t) => t.replace(/^(\s+)answer:/m, "$1answr:"), ["faq/0/answer", "faq/0/answr"]],
  ];

  it.each(broken)("reject %s on the same field as zod", (_name, file, edit, fields) => {
    const value = read(file, edit);
    expect(zodFields(file, value)).toEqual(fields);
    expect(jsonSchemaFields(file, value)).toEqual(fields);
  });
});

describe("the editor's setup", () => {
  const files = Object.values(FILES).map(([file]) => file);

  it.each(files)("content/%s names its schema on its first line", (file) => {
    const first = readFileSync(path.join("content", file), "utf8").split("\n")[0];
    expect(first).toBe(`# yaml-language-server: $schema=../${SCHEMA_DIR}/${schemaFileFor(file)}`);
  });

  it("maps every content file to its schema in .vscode/settings.json", () => {
    const settings = JSON.parse(readFileSync(".vscode/settings.json", "utf8"));
    expect(settings["yaml.schemas"]).toEqual(Object.fromEntries(files.map((f) => [`./${SCHEMA_DIR}/${schemaFileFor(f)}`, `content/${f}`])));
  });
});
