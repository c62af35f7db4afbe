/**
 * The page a form posted without JavaScript gets back: the same notice the
 * island would show and, on failure, the form again holding what the visitor
 * typed, so nothing is lost and they can send it again. A post without the
 * spam check's proof gets the form back too, once, with a proof, and is asked
 * to press Send once more. A post too long to read gets the notice only, and
 * a link back. Self-contained (inline styles), because the relay
 * may run on another host than the site.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { PROOF_FIELD } from "../../shared/forms/proof-field.ts";
import { FORM_FIELDS, type FormField } from "../../shared/forms/form-fields.ts";
import { COLLECTION_NOTICE, type Notice } from "../../shared/forms/texts.ts";
import { escapeMarkup } from "../../shared/escape.ts";
import { PRIVACY_PATH } from "../../shared/paths.ts";

/** What a script-less visitor whose post carried no proof is asked (the form's script does this step unseen). */
export const CONFIRM_NOTICE: Notice = { title: "Please confirm your message", text: "To keep spam out we ask this once: check what you typed below, then press Send." };

/** A script-less post over the body limit, whose text the relay never read: the browser's Back button usually still holds it. */
export function tooLongNotice(form: FormKind, phone: string): Notice {
  const what = form === "quote" ? "request" : "message";
  const call = phone ? `, or call us directly at ${phone}` : ", or call us directly";
  return { title: `Your ${what} is too long`, text: `It was not sent. Go back with your browser's Back button (what you typed is usually still there), shorten it and send it again${call}.` };
}

const esc = escapeMarkup;

export interface ResultPage {
  form: FormKind;
  /**
   * sent: the notice only; failed: the notice and the form again; confirm: the form again with a proof, to press Send once more;
   * refused: a failure whose body was never read (too long), so the notice only.
   */
  mode: "sent" | "failed" | "confirm" | "refused";
  notice: Notice;
  /** What the visitor typed, shown back on failure. */
  values: Record<string, string>;
  /** Where the form posts again: this relay endpoint. */
  action: string;
  /** The page the visitor came from. */
  back: string;
  /** With mode confirm: the proof the form carries. */
  proof?: string;
}

export function resultPage({ form, mode, notice, values, action, back, proof }: ResultPage): string {
  const role = mode === "failed" || mode === "refused" ? "alert" : "status";
  const red = "#991b1b;background:#fef2f2;border-color:#fca5a5";
  const colour = { sent: "#065f46;background:#ecfdf5;border-color:#6ee7b7", failed: red, refused: red, confirm: "#1e3a8a;background:#eff6ff;border-color:#93c5fd" }[mode];
  return `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(notice.title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;margin:0;padding:2rem 1rem;line-height:1.5}
main{max-width:40rem;margin:0 auto}
.notice{border:1px solid;border-radius:.75rem;padding:1rem 1.25rem;color:${colour}}
.notice h1{font-size:1.25rem;margin:0 0 .25rem}
.notice p{margin:0}
form{display:grid;gap:1rem;margin-top:1.5rem}
label{display:block;font-weight:600;font-size:.875rem}
.required{color:#6d28d9}
input,select,textarea{display:block;box-sizing:border-box;width:100%;margin-top:.25rem;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit;background:#fff}
button{min-height:3rem;padding:.75rem 1.25rem;border:0;border-radius:.5rem;background:#6d28d9;color:#fff;font:inherit;font-weight:600;cursor:pointer}
a{color:#115e59;font-weight:600}
.small{font-size:.875rem;color:#475569;margin:0}
</style>
</head>
<body>
<main>
<div class="notice" role="${role}"><h1>${esc(notice.title)}</h1><p>${esc(notice.text)}</p></div>
${mode === "sent" || mode === "refused" ? "" : formAgain(form, values, action, back, proof)}
<p><a href="${esc(back)}">${mode === "refused" ? "Back to the form" : "Back to the site"}</a></p>
</main>
</body>
</html>`;
}

/** The hidden field that keeps the site page the visitor came from across a second post from this page. */
export const BACK_FIELD = "back";

/** The message box's height here: the page shows back what was typed, so always 5 rows, the quote form's 3 on the site included. */
const ROWS = 5;

/** One field from its description (FORM_FIELDS, which the islands draw too), holding `value`. Ids are the names: this page has one form. */
function field(f: FormField, value: string): string {
  const mark = f.required ? `<span aria-hidden="true" class="required"> *</span>` : "";
  return `<div><label for="${f.name}">${esc(f.label)}${mark}</label>${control(f, value)}</div>`;
}

function control(f: FormField, value: string): string {
  const attrs = `id="${f.name}" name="${f.name}"`;
  const required = f.required ? " required" : "";
  switch (f.control) {
    case "input":
      return `<input ${attrs} type="${f.type}" maxlength="${f.maxLength}" value="${esc(value)}" autocomplete="${f.autoComplete}"${required}>`;
    case "textarea":
      // The newline after <textarea> is eaten by the HTML parser, so a message that starts with one keeps it.
      return `<textarea ${attrs} rows="${ROWS}" maxlength="${f.maxLength}"${required}>\n${esc(value)}</textarea>`;
    case "select": {
      const options = f.options.map((o) => `<option value="${esc(o.value)}"${o.value === value ? " selected" : ""}>${esc(o.label)}</option>`);
      return `<select ${attrs}${required}>${options.join("")}</select>`;
    }
  }
}

function formAgain(form: FormKind, values: Record<string, string>, action: string, back: string, proof: string | undefined): string {
  const fields = FORM_FIELDS[form].map((f) => field(f, values[f.name] ?? ""));
  const [intro, button] = proof === undefined ? ["This is what you typed; you can send it again.", "Send again"] : ["This is what you typed.", "Send"];
  const hidden = `\n<input type="hidden" name="${BACK_FIELD}" value="${esc(back)}">` + (proof === undefined ? "" : `\n<input type="hidden" name="${PROOF_FIELD}" value="${esc(proof)}">`);
  return `<form action="${esc(action)}" method="post">
<p>${intro}</p>${hidden}
${fields.join("\n")}
<div><button type="submit">${button}</button></div>
${collectionNotice(back)}
</form>`;
}

/**
 * The forms' collection notice (APP 5) under the button, linking to the site's privacy policy: on the site the
 * visitor came from (`back`, a page of this site or of an origin allowed to post here), so a relay on another
 * host than the site still links to the site's page.
 */
function collectionNotice(back: string): string {
  const policy = /^https?:/.test(back) ? new URL(PRIVACY_PATH, back).href : PRIVACY_PATH;
  return `<p class="small">${esc(COLLECTION_NOTICE.before)}<a href="${esc(policy)}">${esc(COLLECTION_NOTICE.link)}</a>${esc(COLLECTION_NOTICE.after)}</p>`;
}
