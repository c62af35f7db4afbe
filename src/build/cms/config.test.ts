import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { CONTENT_FILES } from "../../content/content.ts";
import { Suburb, SuburbsFile } from "../../content/schema/suburbs.ts";
import { configFile } from "./admin.ts";
import { cmsConfig, githubBackend, REPO_NOT_SET, siteCmsConfig, type ContentFiles } from "./config.ts";
import type { CmsField } from "./fields.ts";

const OPTIONS = { siteUrl: "https://www.example.com", siteName: "Jacaranda Cleaning Co." };
const GITHUB = {
  name: "github",
  repo: "jacaranda/site",
  branch: "main",
  base_url: "https://auth.example.com",
} as const;

/** Sveltia's own JSON Schema for its configuration, as the pinned package ships it. */
const sveltiaSchema = JSON.parse(readFileSync("node_modules/@sveltia/cms/schema/sveltia-cms.json", "utf8"));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateConfig = ajv.compile(sveltiaSchema);

/** Every field's path in the editor's configuration and whether it must be filled in, e.g. "suburbs[].intro" → true. */
function configPaths(fields: CmsField[], at = "", out = new Map<string, boolean>()) {
  for (const field of fields) {
    const here = `${at}.${field.name}`;
    out.set(here, field.required !== false);
    if (Array.isArray(field.fields))
      configPaths(field.fields as CmsField[], field.widget === "list" ? `${here}[]` : here, out);
  }
  return out;
}

interface JsonNode {
  type?: string;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
}

/** The same, read from a schema's JSON Schema (what the editor's VS Code schemas say), not from the CMS mapping. */
function schemaPaths(node: JsonNode, at = "", out = new Map<string, boolean>()) {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const here = `${at}.${name}`;
    out.set(here, node.required?.includes(name) ?? false);
    schemaPaths(child, here, out);
    if (child.items) schemaPaths(child.items, `${here}[]`, out);
  }
  return out;
}

const jsonOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", target: "draft-7" }) as JsonNode;

describe("the CMS configuration, generated from the content schemas", () => {
  const config = siteCmsConfig({ backend: GITHUB, ...OPTIONS });

  it("is valid by the JSON Schema Sveltia CMS ships for its configuration, for GitHub and for the test backend", () => {
    for (const backend of [GITHUB, { name: "test-repo" } as const]) {
      const valid = validateConfig(JSON.parse(configFile(siteCmsConfig({ backend, ...OPTIONS }))));
      expect(validateConfig.errors?.slice(0, 3) ?? [], backend.name).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it("fails that JSON Schema when a field has an option Sveltia does not know (the check can fail)", () => {
    const broken = structuredClone(config);
    (broken.singletons[0].fields[0] as Record<string, unknown>).colour = "red";
    expect(validateConfig(JSON.parse(JSON.stringify(broken)))).toBe(false);
  });

  it.each(Object.entries(CONTENT_FILES))(
    "covers every field of %s's schema, required exactly where the schema requires it",
    (key, { file, schema }) => {
      const entry = config.singletons.find((s) => s.name === key)!;
      expect(entry.file).toBe(`content/${file}`);
      expect(Object.fromEntries(configPaths(entry.fields))).toEqual(
        Object.fromEntries(schemaPaths(jsonOf(schema as z.ZodType))),
      );
    },
  );

  it("has every content file, and nothing else, as an entry of its own", () => {
    expect(config.singletons.map((s) => s.file)).toEqual(
      Object.values(CONTENT_FILES).map(({ file }) => `content/${file}`),
    );
  });

  it("shows each field's schema description as its hint", () => {
    const intro = config.singletons.find((s) => s.name === "suburbs")!.fields[0].fields as CmsField[];
    expect(intro.find((f) => f.name === "intro")).toMatchObject({
      widget: "text",
      hint: Suburb.shape.intro.description,
    });
  });

  it("maps each kind of value to its field type: numbers, choices, lists, images, fixed values", () => {
    const fields = (key: string) => config.singletons.find((s) => s.name === key)!.fields;
    const suburb = fields("suburbs")[0];
    expect(suburb).toMatchObject({ widget: "list", collapsed: true, summary: "{{name}}", min: 1 });
    const byName = (list: unknown, name: string) => (list as CmsField[]).find((f) => f.name === name)!;
    expect(byName(suburb.fields, "distanceFromCbdKm")).toMatchObject({
      widget: "number",
      value_type: "float",
      required: false,
    });
    expect(byName(suburb.fields, "header")).toMatchObject({
      widget: "boolean",
      default: true,
      required: false,
    });
    expect(byName(suburb.fields, "points")).toMatchObject({ widget: "list", min: 3, max: 3 });
    expect(byName(suburb.fields, "postcode")).toMatchObject({
      widget: "string",
      pattern: ["^\\d{4}$", expect.any(String)],
    });
    expect(byName(suburb.fields, "medianHousePrice")).toMatchObject({
      widget: "object",
      required: false,
      collapsed: true,
    });
    expect(byName(suburb.fields, "description")).toMatchObject({
      widget: "list",
      label_singular: "Description",
      field: { widget: "text", label: "Description" },
    });
    expect(byName(suburb.fields, "nearby")).toMatchObject({
      widget: "list",
      field: { widget: "string" },
      required: false,
    });
    const site = fields("site");
    expect(byName(byName(site, "hours").fields, "days")).toMatchObject({
      widget: "select",
      multiple: true,
      min: 1,
    });
    expect(byName(byName(site, "location").fields, "country")).toEqual({
      name: "country",
      label: "Country",
      widget: "hidden",
      default: "AU",
    });
    expect(byName(site, "copyrightYear")).toMatchObject({
      widget: "number",
      value_type: "int",
      min: 2000,
      max: 2100,
    });
    const image = byName(byName(fields("about"), "story").fields, "image");
    expect((image.fields as CmsField[]).map((f) => [f.name, f.widget, f.required])).toEqual([
      ["src", "image", undefined],
      ["alt", "text", false],
      ["decorative", "boolean", false],
    ]);
  });

  it("names no field by digits alone, which the editor would read back as a list's index", () => {
    // Sveltia flattens a file's values with the `flat` library, whose unflatten turns an object keyed
    // "50", "700" … into a list (src/shared/colours.ts): the brand's shades are keyed shade50 and so on.
    const digitsOnly = [...config.singletons.flatMap((s) => [...configPaths(s.fields).keys()])].filter((at) =>
      at.split(/\.|\[\]/).some((name) => /^\d+$/.test(name)),
    );
    expect(digitsOnly).toEqual([]);
    const colours = config.singletons
      .find((s) => s.name === "site")!
      .fields.find((f) => f.name === "colours")!.fields as CmsField[];
    const brand = colours.find((f) => f.name === "brand")!.fields as CmsField[];
    expect(brand.map((f) => f.name)).toContain("shade700");
  });

  it("leaves an empty optional field out of the file, as the schemas expect, and the editor's preview off", () => {
    expect(config.output).toEqual({ omit_empty_optional_fields: true });
    expect(config.editor).toEqual({ preview: false });
  });
});

describe("where the editor saves", () => {
  it("is the GitHub repository, branch and sign-in Worker npm run build is told, main by default", () => {
    expect(githubBackend({ repo: "jacaranda/site", authUrl: "https://auth.example.com" })).toEqual({
      name: "github",
      repo: "jacaranda/site",
      branch: "main",
      base_url: "https://auth.example.com",
    });
    expect(githubBackend({ repo: "jacaranda/site", branch: "live" })).toEqual({
      name: "github",
      repo: "jacaranda/site",
      branch: "live",
    });
  });

  it("names, until CMS_REPO is set, a repository Sveltia accepts (its own check) that says what to do", () => {
    const { repo } = githubBackend() as { repo: string };
    expect(repo).toBe(REPO_NOT_SET);
    // Sveltia's check of `repo`: src/lib/services/config/parser/backend.js.
    expect(repo).toMatch(/^[^/:]+(?:\/[^/:]+)+$/);
  });
});

describe("a field added to a schema", () => {
  it("appears in the editor, with its hint, without any configuration written for it", () => {
    const withParking = {
      ...CONTENT_FILES,
      suburbs: {
        file: "suburbs.yaml",
        schema: SuburbsFile.extend({
          suburbs: z.array(
            Suburb.extend({ parking: z.string().optional().describe("Where the van can park.") }),
          ),
        }),
      },
    } satisfies ContentFiles;
    const suburbs = cmsConfig(withParking, { backend: GITHUB, ...OPTIONS }).singletons.find(
      (s) => s.name === "suburbs",
    )!;
    expect((suburbs.fields[0].fields as CmsField[]).at(-1)).toEqual({
      name: "parking",
      label: "Parking",
      widget: "string",
      hint: "Where the van can park.",
      required: false,
    });
  });

  it("of a kind the editor has no field for stops the build, naming it, instead of leaving it out", () => {
    const withDate = {
      ...CONTENT_FILES,
      quote: { file: "quote.yaml", schema: z.strictObject({ opened: z.date() }) },
    } satisfies ContentFiles;
    expect(() => cmsConfig(withDate, { backend: GITHUB, ...OPTIONS })).toThrow(
      /quote\.yaml\.opened: the editor has no field for a zod date/,
    );
  });
});
