/**
 * The editor's fields for a content file, read from the file's zod schema: the CMS at /admin/
 * (Sveltia CMS, decision 0090) asks for exactly what the build will check, nested as the schema
 * nests it, so a field added to a schema appears in the editor with no configuration written by
 * hand. What each field maps to, in Sveltia's field types
 * (https://sveltiacms.app/en/docs/fields):
 *
 * - a string: `string` (one line), or `text` (a box) for the paragraphs a page shows; its pattern,
 *   as the JSON Schema states it, for the editor to check as the owner types
 * - a number: `number`, whole or not as the schema says, with its minimum and maximum
 * - true or false: `boolean`; one of a fixed set: `select`; a value that never changes: `hidden`
 * - an object: `object`; a list: `list`, of objects (`fields`, collapsed to a summary line) or of
 *   single values (`field`); a list of choices: a `select` with `multiple`
 * - an image (the schemas' `Image`): an `object` whose `src` is an `image` picked from or uploaded
 *   to content/images/
 *
 * A field the schema makes optional (or gives a default) is `required: false`, which with the
 * configuration's `omit_empty_optional_fields` leaves an empty one out of the file, as the schema
 * expects. Each field's hint is its schema description, the words the editor's JSON Schemas show
 * in VS Code. A schema construct without a mapping here stops the build, naming the field, rather
 * than leaving the field out of the editor.
 */
import * as z from "zod";
import { Image } from "../../content/schema/common.ts";

/** One field of Sveltia's configuration; `widget` is its field type. */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: false;
  [option: string]: unknown;
}

/** Labels where the field's own name, spelled out, would not say it (an abbreviation, a unit). */
const LABELS: Record<string, string> = {
  seo: "Search result",
  url: "Site address",
  abn: "ABN",
  faq: "FAQ",
  cta: "Call to action",
  src: "Image",
  alt: "Description (alt text)",
  distanceFromCbdKm: "Distance from the CBD (km)",
  areaKm2: "Area (km²)",
  header: "In the header's list of suburbs",
  homeGrid: "On the home page",
  formValue: "Service (the contact form's option)",
  asOf: "As of",
  byRooms: "Price by bedrooms and bathrooms",
  byPropertyType: "Price by kind of home",
  callUsAbove: "Call us above",
};

/** "medianHousePrice" → "Median house price". */
export function labelFor(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields whose text is paragraphs, edited in a box rather than on one line. */
const PARAGRAPHS = new Set([
  "text",
  "description",
  "intro",
  "answer",
  "content",
  "about",
  "display",
  "paragraphs",
  "emailNote",
  "formText",
  "alt",
]);

/** The first of these an object has names each item of a list of them, collapsed. */
const SUMMARY_FIELDS = [
  "name",
  "navLabel",
  "title",
  "question",
  "label",
  "area",
  "service",
  "citation",
  "id",
];

interface Unwrapped {
  schema: z.ZodType;
  optional: boolean;
  defaultValue?: unknown;
  description?: string;
}

/** The schema under optional(), default() and a transform's input, and what those said. */
function unwrap(outer: z.ZodType): Unwrapped {
  let schema = outer;
  let optional = false;
  let defaultValue: unknown;
  let description = outer.description;
  // The schemas' Image is kept whole (a transform of an object): it is a field of its own kind.
  while (schema !== Image) {
    const def = schema._zod.def as {
      type: string;
      innerType?: z.ZodType;
      in?: z.ZodType;
      defaultValue?: unknown;
    };
    if (def.type === "optional") {
      optional = true;
      schema = def.innerType!;
    } else if (def.type === "default") {
      optional = true;
      defaultValue = def.defaultValue;
      schema = def.innerType!;
    } else if (def.type === "pipe") {
      schema = def.in!;
    } else break;
    description ??= schema.description;
  }
  return { schema, optional, defaultValue, description };
}

/** The JSON Schema of one value, as the editor's JSON Schemas state it (src/build/content/json-schema.ts). */
const jsonOf = (schema: z.ZodType) => {
  let json = jsonCache.get(schema);
  if (!json)
    jsonCache.set(schema, (json = z.toJSONSchema(schema, { io: "input", target: "draft-7" }) as Json));
  return json;
};
/** Schemas several fields share (a postcode, a source's address) are read once. */
const jsonCache = new WeakMap<z.ZodType, Json>();
type Json = {
  type?: string;
  pattern?: string;
  allOf?: { pattern?: string }[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** The schema's patterns as one: each must match from the start (each is anchored, as zod writes them). */
function patternOf(schema: z.ZodType): string | undefined {
  const json = jsonOf(schema);
  const patterns = [json.pattern, ...(json.allOf ?? []).map((p) => p.pattern)].filter(
    (p): p is string => p !== undefined,
  );
  if (patterns.length === 0) return undefined;
  return patterns.length === 1 ? patterns[0] : `^${patterns.map((p) => `(?=${p})`).join("")}`;
}

const PATTERN_MESSAGE = "Not written as this field needs: the note under it says how.";

/** The fields of an object schema, in its order. */
export function fieldsOf(shape: z.ZodRawShape, at: string): CmsField[] {
  return Object.entries(shape).map(([name, schema]) => fieldFor(name, schema as z.ZodType, `${at}.${name}`));
}

/** One field of the editor for one field of a schema; `at` names it in an error. */
export function fieldFor(name: string, outer: z.ZodType, at: string): CmsField {
  const { schema, optional, defaultValue, description } = unwrap(outer);
  const base: CmsField = {
    name,
    label: labelFor(name),
    widget: "",
    ...(description ? { hint: description } : {}),
    ...(optional ? { required: false as const } : {}),
  };
  const own = valueField(name, schema, at, defaultValue);
  const field = { ...base, ...own, ...(own.widget === "object" && optional ? { collapsed: true } : {}) };
  return Object.fromEntries(Object.entries(field).filter(([, v]) => v !== undefined)) as CmsField;
}

/** What a field is, by the type of its value. */
function valueField(name: string, schema: z.ZodType, at: string, defaultValue: unknown): Partial<CmsField> {
  const type = schema._zod.def.type;
  const withDefault = defaultValue === undefined ? {} : { default: defaultValue };
  if (schema === Image) return imageField();
  switch (type) {
    case "string": {
      const pattern = patternOf(schema);
      return {
        widget: PARAGRAPHS.has(name) ? "text" : "string",
        ...(pattern ? { pattern: [pattern, PATTERN_MESSAGE] } : {}),
        ...withDefault,
      };
    }
    case "number": {
      const json = jsonOf(schema);
      return {
        widget: "number",
        value_type: json.type === "integer" ? "int" : "float",
        ...(json.minimum !== undefined ? { min: json.minimum } : {}),
        ...(json.maximum !== undefined ? { max: json.maximum } : {}),
        ...withDefault,
      };
    }
    case "boolean":
      return { widget: "boolean", ...withDefault };
    case "enum":
      return { widget: "select", options: (schema as z.ZodEnum).options, ...withDefault };
    case "literal": {
      // Sveltia's hidden field takes no hint or required: the value is always the schema's one.
      const [value] = (schema as z.ZodLiteral).values;
      return { widget: "hidden", default: value, hint: undefined, required: undefined };
    }
    case "object":
      return { widget: "object", fields: fieldsOf((schema as z.ZodObject).shape, at) };
    case "array":
      return listField(name, schema as z.ZodArray, at);
    default:
      throw new Error(
        `${at}: the editor has no field for a zod ${type} (src/build/cms/fields.ts): map it there, so the field is not left out of the editor`,
      );
  }
}

/** A list: of choices (a select with several values), of objects, or of single values. */
function listField(name: string, schema: z.ZodArray, at: string): Partial<CmsField> {
  const json = jsonOf(schema);
  const bounds = {
    ...(json.minItems !== undefined ? { min: json.minItems } : {}),
    ...(json.maxItems !== undefined ? { max: json.maxItems } : {}),
  };
  const item = unwrap(schema.element as z.ZodType);
  const itemType = item.schema._zod.def.type;
  if (itemType === "enum")
    return { widget: "select", multiple: true, options: (item.schema as z.ZodEnum).options, ...bounds };
  if (itemType === "object") {
    const fields = fieldsOf((item.schema as z.ZodObject).shape, `${at}[]`);
    return {
      widget: "list",
      label_singular: singular(name),
      collapsed: true,
      summary: summaryOf(fields),
      fields,
      ...bounds,
    };
  }
  // Each item is one of the list's values (a paragraph of `paragraphs`): its type is read by the list's name.
  const one = { ...fieldFor(name, schema.element as z.ZodType, `${at}[]`), label: singular(name) };
  return { widget: "list", label_singular: singular(name), field: one, ...bounds };
}

/**
 * The line a collapsed item shows: its name or title, or else its first few values ("2 · 1 · 410"
 * for a row of a price table).
 */
function summaryOf(fields: CmsField[]): string {
  const named = SUMMARY_FIELDS.find((f) => fields.some((field) => field.name === f));
  if (named) return `{{${named}}}`;
  const values = fields.filter((f) => ["string", "text", "number", "select"].includes(f.widget)).slice(0, 3);
  return values.map((f) => `{{${f.name}}}`).join(" · ");
}

/** "paragraphs" → "Paragraph", for the button that adds one. */
function singular(name: string): string {
  const label = labelFor(name);
  return label.replace(/ies$/, "y").replace(/(?<!s)s$/, "");
}

/** An image: its file, picked from or uploaded to content/images/, and the words standing in for it. */
function imageField(): Partial<CmsField> {
  const shape = (Image._zod.def.in as z.ZodObject).shape as z.ZodRawShape;
  return {
    widget: "object",
    fields: Object.entries(shape).map(([name, schema]) =>
      name === "src"
        ? {
            ...withoutPattern(fieldFor(name, schema as z.ZodType, "image.src")),
            widget: "image",
            choose_url: false,
          }
        : fieldFor(name, schema as z.ZodType, `image.${name}`),
    ),
  };
}

/** An image field checks its file name by itself: Sveltia's image field has no pattern. */
function withoutPattern({ pattern: _pattern, ...field }: CmsField): CmsField {
  return field;
}
