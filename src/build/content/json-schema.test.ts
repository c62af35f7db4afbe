import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { CORE_SCHEMA, load as readYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { COPY_HOSTS, copyHostOf, NOT_ON_COPY_HOST } from "../../content/copy-hosts.ts";
import { jsonSchemas, SCHEMA_DIR, schemaFileFor } from "./json-schema.ts";
import { CONTENT_FILES, FILE_KEYS } from "../../content/content.ts";
import { pricingExample } from "../../testing/content-problems.ts";

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const FILES = FILE_KEYS.map((key) => CONTENT_FILES[key].file);
const validators = new Map<string, ReturnType<typeof ajv.compile>>(
  FILES.map((file) => [
    file,
    ajv.compile(JSON.parse(readFileSync(path.join(SCHEMA_DIR, schemaFileFor(file)), "utf8"))),
  ]),
);
const zodFor = (file: string) =>
  CONTENT_FILES[FILE_KEYS.find((key) => CONTENT_FILES[key].file === file)!].schema as z.ZodType;
/**
 * A file's text: content/'s, or for pricing.yaml, which the repository ships without, the docs' example as
 * the owner fills it in.
 */
const textOf = (file: string) =>
  file === CONTENT_FILES.pricing.file ? pricingExample() : readFileSync(path.join("content", file), "utf8");
const read = (file: string, edit: (text: string) => string = (t) => t) =>
  readYaml(edit(textOf(file)), { schema: CORE_SCHEMA });

/** The fields JSON Schema finds wrong, as paths like "suburbs/5/postcode". */
function jsonSchemaFields(file: string, value: unknown): string[] {
  const validate = validators.get(file)!;
  if (validate(value)) return [];
  const field = (e: ErrorObject) => {
    const at = e.instancePath.slice(1);
    const key =
      e.keyword === "required"
        ? e.params.missingProperty
        : e.keyword === "additionalProperties"
          ? e.params.additionalProperty
          : undefined;
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
    const committed = readdirSync(SCHEMA_DIR)
      .filter((f) => f.endsWith(".schema.json"))
      .sort();
    expect(committed).toEqual([...jsonSchemas().keys()].sort());
    for (const [name, text] of jsonSchemas())
      expect(readFileSync(path.join(SCHEMA_DIR, name), "utf8"), name).toBe(text);
  });

  it.each(FILES)("accept today's content/%s (pricing.yaml: the docs' example)", (file) => {
    expect(jsonSchemaFields(file, read(file))).toEqual([]);
  });

  it.each(FILES.filter((f) => f !== CONTENT_FILES.pricing.file))(
    "accept the second business's %s (fixtures/window-cleaning)",
    (file) => {
      const text = readFileSync(path.join("fixtures/window-cleaning", file), "utf8");
      expect(jsonSchemaFields(file, readYaml(text, { schema: CORE_SCHEMA }))).toEqual([]);
    },
  );

  it("say what only the build checks", () => {
    const suburbs = JSON.parse(jsonSchemas().get("suburbs.schema.json")!);
    expect(suburbs.description).toMatch(/not by this schema.*`nearby` slug is another suburb/);
    const entry = suburbs.properties.suburbs.items.properties;
    expect(entry.nearby.description).toMatch(/Checked by the build, not by this schema/);
    expect(entry.postcode.description).toBe('Four digits, e.g. "4055".');
  });

  it("give every field of every file a description, shown as hover help", () => {
    const undescribed: string[] = [];
    const seen: string[] = [];
    /** Every property under `schema`, at any depth: nested objects, array items, combinators, definitions. */
    const walk = (schema: any, at: string) => {
      if (!schema || typeof schema !== "object") return;
      for (const [key, field] of Object.entries<any>(schema.properties ?? {})) {
        const here = at.endsWith(":") ? `${at}${key}` : `${at}.${key}`;
        seen.push(here);
        if (typeof field.description !== "string" || field.description.trim() === "") undescribed.push(here);
        walk(field, here);
      }
      for (const items of [schema.items, schema.additionalItems].flat()) walk(items, `${at}[]`);
      if (typeof schema.additionalProperties === "object") walk(schema.additionalProperties, `${at}{}`);
      for (const key of ["allOf", "anyOf", "oneOf"]) for (const sub of schema[key] ?? []) walk(sub, at);
      for (const [name, def] of Object.entries<any>({ ...schema.definitions, ...schema.$defs }))
        walk(def, `#${name}`);
    };
    for (const [name, text] of jsonSchemas()) walk(JSON.parse(text), `${name}:`);
    expect(seen.length, "the walk found the fields").toBeGreaterThan(150);
    expect(seen).toContain("suburbs.schema.json:suburbs[].schools[].level");
    expect(undescribed).toEqual([]);
  });

  const broken: [string, string, (t: string) => string, string[]][] = [
    [
      "a 3-digit postcode",
      "suburbs.yaml",
      (t) => t.replace('postcode: "4171"', 'postcode: "417"'),
      ["suburbs/5/postcode"],
    ],
    ["a missing name", "suburbs.yaml", (t) => t.replace('    name: "Toowong"\n', ""), ["suburbs/1/name"]],
    [
      "an unknown field",
      "suburbs.yaml",
      (t) => t.replace('    postcode: "4066"\n', '    postcode: "4066"\n    postocde: "4066"\n'),
      ["suburbs/1/postocde"],
    ],
    [
      "a school level outside the four",
      "suburbs.yaml",
      (t) => t.replace("level: Primary", "level: Kindergarten"),
      ["suburbs/0/schools/0/level"],
    ],
    [
      "a source on a copy host",
      "suburbs.yaml",
      (t) =>
        t.replace(
          'source: "https://en.wikipedia.org/wiki/Annerley"',
          'source: "https://kids.kiddle.co/Annerley,_Queensland"',
        ),
      ["suburbs/0/population/source"],
    ],
    [
      "a source over http",
      "suburbs.yaml",
      (t) =>
        t.replace(
          'url: "https://en.wikipedia.org/wiki/Toowong"',
          'url: "http://en.wikipedia.org/wiki/Toowong"',
        ),
      ["suburbs/1/sources/0/url"],
    ],
    [
      "a source on a bare IP address",
      "suburbs.yaml",
      (t) =>
        t.replace(
          'url: "https://en.wikipedia.org/wiki/Toowong"',
          'url: "https://108.161.137.60/piglix/Toowong"',
        ),
      ["suburbs/1/sources/0/url"],
    ],
    ...[
      ["on a copy host written in capitals", "https://PIGLIX.com/Toowong"],
      ["on a copy host's subdomain in mixed case", "https://Kids.Kiddle.CO/Toowong,_Queensland"],
      [
        "on the scraper layarlensa.info",
        "https://layarlensa.info/brisbane-house-prices-hit-a-record-high-and-one-suburb-nears-a-3m-median-31517.html",
      ],
      ["on a decimal IPv4 address", "https://2130706433/wiki/Toowong"],
      ["on a hexadecimal IPv4 address", "https://0x7f000001/wiki/Toowong"],
      ["on a shortened IPv4 address", "https://127.1/wiki/Toowong"],
      ["on an IPv6 address", "https://[2001:db8::1]/wiki/Toowong"],
      ["on a host spelt with a percent-escape", "https://pig%6Cix.com/Toowong"],
      ["on a host spelt in full-width letters", "https://ｐｉｇｌｉｘ.com/Toowong"],
    ].map(([what, address]): [string, string, (t: string) => string, string[]] => [
      `a source ${what}`,
      "suburbs.yaml",
      (t) => t.replace('url: "https://en.wikipedia.org/wiki/Toowong"', `url: "${address}"`),
      ["suburbs/1/sources/0/url"],
    ]),
    [
      "a source with a port",
      "suburbs.yaml",
      (t) =>
        t.replace(
          'url: "https://en.wikipedia.org/wiki/Toowong"',
          'url: "https://en.wikipedia.org:20121/wiki/Toowong"',
        ),
      ["suburbs/1/sources/0/url"],
    ],
    [
      "a source without a citation",
      "suburbs.yaml",
      (t) => t.replace('      citation: "Wikipedia: Annerley"\n', ""),
      ["suburbs/0/population/citation"],
    ],
    ["a wrong phone number", "site.yaml", (t) => t.replace(/^phone: .*$/m, 'phone: "12345"'), ["phone"]],
    [
      "a page title over 70 characters",
      "home.yaml",
      (t) => t.replace(/^( {2}title: ).*$/m, `$1"${"Bond cleaning Brisbane ".repeat(4)}"`),
      ["seo/title"],
    ],
    [
      "a service without its name",
      "services.yaml",
      (t) => t.replace("    name: Bond Cleaning Brisbane\n", ""),
      ["services/0/name"],
    ],
    [
      "an add-on that says a tick box or count with a word",
      "add-ons.yaml",
      (t) => t.replace(/max: 1$/m, "max: one"),
      ["addOns/4/max"],
    ],
    [
      "a misspelt field in a FAQ",
      "faq.yaml",
      (t) => t.replace(/^(\s+)answer:/m, "$1answr:"),
      ["faq/0/answer", "faq/0/answr"],
    ],
    [
      "prices without GST",
      "pricing.yaml",
      (t) => t.replace("gstIncluded: true", "gstIncluded: false"),
      ["gstIncluded"],
    ],
    [
      "a price for a service named as no form posts it",
      "pricing.yaml",
      (t) => t.replace("- service: spring-cleaning", "- service: Spring cleaning"),
      ["services/1/service"],
    ],
    [
      "an add-on without its most allowed",
      "pricing.yaml",
      (t) => t.replace(", max: 2 }", " }"),
      ["services/0/addOns/1/max"],
    ],
    [
      "a rounding direction outside the three",
      "pricing.yaml",
      (t) => t.replace("direction: up", "direction: sideways"),
      ["rounding/direction"],
    ],
  ];

  it.each(broken)("reject %s on the same field as zod", (_name, file, edit, fields) => {
    const value = read(file, edit);
    expect(zodFields(file, value)).toEqual(fields);
    expect(jsonSchemaFields(file, value)).toEqual(fields);
  });
});

describe("the list of copy hosts", () => {
  it.each(COPY_HOSTS)("refuses %s in any case, and its subdomains, by pattern and by name", (host) => {
    for (const address of [
      `https://${host}/x`,
      `https://${host.toUpperCase()}/x`,
      `https://www.${host}./x`,
      `https://Sub.${host.replace(/^./, (c) => c.toUpperCase())}:8443/x`,
    ]) {
      expect(NOT_ON_COPY_HOST.test(address), address).toBe(false);
      expect(copyHostOf(address), address).toBe(host);
    }
    // Another host's name ending in this one is not this one (though "notweb.archive.org" is on archive.org).
    for (const address of [`https://not${host}/x`, `https://${host}.example.com/x`]) {
      expect(copyHostOf(address), address).not.toBe(host);
      expect(NOT_ON_COPY_HOST.test(address), address).toBe(copyHostOf(address) === undefined);
    }
  });

  it("names the scrapers the facts file was read from", () => {
    expect(COPY_HOSTS).toContain("layarlensa.info");
  });
});

describe("the editor's setup", () => {
  const files = FILES;

  it.each(files.filter((file) => existsSync(path.join("content", file))))(
    "content/%s holds no comment: a save in the editor at /admin/ drops them, so its notes are the schema's descriptions (decision 0091)",
    (file) => {
      const comments = readFileSync(path.join("content", file), "utf8")
        .split("\n")
        .filter((line) => /^\s*#/.test(line));
      expect(comments).toEqual([]);
    },
  );

  it("names its schema on the first line of the docs' example pricing.yaml, which the owner copies by hand", () => {
    const first = readFileSync(CONTENT_FILES.pricing.example, "utf8").split("\n")[0];
    expect(first).toBe(
      `# yaml-language-server: $schema=../${SCHEMA_DIR}/${schemaFileFor(CONTENT_FILES.pricing.file)}`,
    );
  });

  it("maps every content file to its schema in .vscode/settings.json", () => {
    const settings = JSON.parse(readFileSync(".vscode/settings.json", "utf8"));
    expect(settings["yaml.schemas"]).toEqual(
      Object.fromEntries(files.map((f) => [`./${SCHEMA_DIR}/${schemaFileFor(f)}`, `content/${f}`])),
    );
  });
});
