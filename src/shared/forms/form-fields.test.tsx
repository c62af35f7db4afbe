/**
 * The forms' fields agree wherever they are shown: the islands rendered on the
 * server (what a visitor gets before script) and the relay's page for a post
 * without script (the same components, rendered once by the build and filled
 * by the relay), read back field by field from their HTML.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ContactForm from "../../browser/islands/ContactForm.tsx";
import QuoteForm from "../../browser/islands/QuoteForm.tsx";
import { BACK_FIELD, resultPage } from "../../relay/intake/page.ts";
import { HONEYPOT_FIELD, LIMITS, type FormKind } from "./fields.ts";
import { PROOF_FIELD } from "./proof-field.ts";
import { FORM_FIELDS } from "./form-fields.ts";
import { decodeEntities } from "../../testing/html.ts";
import { TEST_SERVICES } from "../../relay/testing/services.ts";
import { quoteOffer } from "./quote-details.ts";

const island: Record<FormKind, string> = {
  quote: renderToString(<QuoteForm action="/api/quote" />),
  contact: renderToString(
    <ContactForm action="/api/contact" phone="0491 570 156" services={[...TEST_SERVICES.services]} />,
  ),
};
const page = (form: FormKind) =>
  resultPage({
    form,
    mode: "failed",
    notice: { title: "Error", text: "Try again." },
    values: {},
    action: "/",
    back: "/",
    offer: quoteOffer(TEST_SERVICES, undefined),
  });

/** A tag's attributes, names in lower case (React writes maxLength and autoComplete). */
const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries(
    [...tag.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [
      k.toLowerCase(),
      decodeEntities(v ?? ""),
    ]),
  );

/**
 * Every visible field of the form in `html`, in order, as what a visitor and
 * the relay see of it: its label's words, whether the label shows the
 * required asterisk, control, id, name, type, required, autocomplete, limit, rows and options.
 */
function fieldsIn(html: string) {
  const labels = new Map(
    [...html.matchAll(/<label\b([^>]*)>([\s\S]*?)<\/label>/g)].map(([, attrs, inner]) => [
      attributes(attrs).for,
      {
        text: decodeEntities(
          inner
            .replace(/<span aria-hidden="true"[^>]*>[\s\S]*?<\/span>|<!-- -->/g, "")
            .replace(/<[^>]+>/g, ""),
        ),
        marked: /<span aria-hidden="true"[^>]*>\s*\*<\/span>/.test(inner),
      },
    ]),
  );
  const controls = [
    ...html.matchAll(/<(input|textarea)\b([^>]*)>|<(select)\b([^>]*)>([\s\S]*?)<\/select>/g),
  ].map(([, control, tag, select, selectTag, options = ""]): Record<string, string> => ({
    ...attributes(tag ?? selectTag),
    control: control ?? select,
    options,
  }));
  return controls
    .filter((c) => c.type !== "hidden" && ![HONEYPOT_FIELD, PROOF_FIELD, BACK_FIELD].includes(c.name))
    .map((c) => ({
      label: labels.get(c.id)?.text,
      marked: labels.get(c.id)?.marked,
      control: c.control,
      id: c.id,
      name: c.name,
      type: c.type,
      required: "required" in c,
      autocomplete: c.autocomplete,
      maxlength: c.maxlength,
      rows: c.rows,
      options: [...c.options.matchAll(/<option\b([^>]*)>([^<]*)<\/option>/g)].map(([, attrs, text]) => [
        attributes(attrs).value,
        decodeEntities(text),
      ]),
    }));
}

describe.each(["quote", "contact"] as const)("the %s form's fields", (kind) => {
  it("are the same in the island and on the relay's page for a post without script", () => {
    const fields = fieldsIn(page(kind));
    expect(fields.map((f) => f.name)).toEqual(FORM_FIELDS[kind].map((f) => f.name));
    expect(fieldsIn(island[kind])).toEqual(fields);
  });

  it("carry the relay's limits and the specification's labels", () => {
    const fields = fieldsIn(island[kind]);
    for (const f of fields)
      if (f.name in LIMITS) expect(f.maxlength, f.name).toBe(String(LIMITS[f.name as keyof typeof LIMITS]));
    for (const f of fields) expect(f.marked, f.name).toBe(f.required);
    expect(fields.slice(0, 2).map((f) => [f.label, f.type, f.required, f.autocomplete])).toEqual([
      ["Full Name", "text", true, "name"],
      ["Email Address", "email", true, "email"],
    ]);
  });
});

describe("the comparison", () => {
  it("tells a field's label, asterisk, type, required, autocomplete and limit apart", () => {
    const html = page("contact");
    const changes = [
      html.replace(">Full Name<", ">Name<"),
      html.replace(/(<label for="contact-name"[^>]*>Full Name)<span[^>]*> \*<\/span>/, "$1"),
      html.replace('type="tel"', 'type="text"'),
      html.replace(/(id="contact-email"[^>]*) required=""/, "$1"),
      html.replace('autoComplete="tel"', 'autoComplete="off"'),
      html.replace('maxLength="10000"', 'maxLength="1000"'),
      html.replace('rows="5"', 'rows="3"'),
      html.replace('id="contact-phone"', 'id="phone"'),
      html.replace(">Carpet Cleaning Brisbane<", ">Carpets<"),
    ];
    for (const changed of changes) {
      expect(changed).not.toBe(html);
      expect(fieldsIn(changed)).not.toEqual(fieldsIn(html));
    }
  });
});
