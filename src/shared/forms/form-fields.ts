/**
 * Each form's fields as controls: the one description that the islands draw
 * (src/browser/islands/FormParts.tsx, also on the relay's page for a post
 * without script) and the relay checks (schema.ts). Its own file, not fields.ts: the
 * loader's first-load script holds fields.ts (for PROOF_FIELD), and this is
 * needed only once a form wakes.
 */
import { LIMITS, type FormKind, type ServiceChoice } from "./fields.ts";

/** A field's name: the key it posts under and the relay's schema reads (schema.ts). */
export type FieldName = keyof typeof LIMITS | "service";

interface FieldBase {
  name: FieldName;
  label: string;
  required: boolean;
}
/** One line of text, at most the relay's limit for it long. */
export interface InputField extends FieldBase {
  control: "input";
  type: "text" | "email" | "tel";
  autoComplete: string;
  maxLength: number;
}
/** Free text, line breaks and all. `rows` is the form's height for it on the site. */
export interface TextareaField extends FieldBase {
  control: "textarea";
  rows: number;
  maxLength: number;
}
/**
 * A choice of the site's services (content/services.yaml): a first option, whose value is "", means none
 * chosen, and reads `none`.
 */
export interface SelectField extends FieldBase {
  control: "select";
  none: string;
}

/** A select's options: none chosen, then each of the site's services. */
export const selectOptions = (field: { none: string }, services: readonly ServiceChoice[]) => [
  { value: "", label: field.none },
  ...services,
];
export type FormField = InputField | TextareaField | SelectField;

const fullName = {
  control: "input",
  name: "name",
  label: "Full Name",
  type: "text",
  required: true,
  autoComplete: "name",
  maxLength: LIMITS.name,
} as const satisfies InputField;
const email = {
  control: "input",
  name: "email",
  label: "Email Address",
  type: "email",
  required: true,
  autoComplete: "email",
  maxLength: LIMITS.email,
} as const satisfies InputField;
const phone = (label: string) =>
  ({
    control: "input",
    name: "phone",
    label,
    type: "tel",
    required: false,
    autoComplete: "tel",
    maxLength: LIMITS.phone,
  }) as const satisfies InputField;

/**
 * Each form's fields in order, with the labels the forms have always shown (Full Name, Email Address, …; a
 * test holds them word for word). The hidden honeypot and proof fields are not here: the island adds them to
 * every form (FormParts.tsx), and the relay's page adds the proof. The relay's check of a posted body is made
 * from this too (schema.ts).
 */
const FIELDS = {
  quote: [
    fullName,
    email,
    phone("Phone"),
    {
      control: "input",
      name: "address",
      label: "Property Address",
      type: "text",
      required: false,
      autoComplete: "address-line1",
      maxLength: LIMITS.address,
    },
    {
      control: "textarea",
      name: "message",
      label: "Message",
      required: false,
      rows: 3,
      maxLength: LIMITS.message,
    },
  ],
  contact: [
    fullName,
    email,
    phone("Phone Number"),
    {
      control: "select",
      name: "service",
      label: "Service Type",
      required: false,
      none: "Select a service",
    },
    {
      control: "textarea",
      name: "message",
      label: "Message",
      required: true,
      rows: 5,
      maxLength: LIMITS.message,
    },
  ],
} as const satisfies Record<FormKind, readonly FormField[]>;

export const FORM_FIELDS: Readonly<Record<FormKind, readonly FormField[]>> = FIELDS;

/**
 * The names of one form's fields, e.g. "name" | "email" | "phone" | "address" | "message" for the quote form.
 */
export type FieldNameOf<K extends FormKind> = (typeof FIELDS)[K][number]["name"];
