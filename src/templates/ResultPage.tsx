/**
 * The relay's page for a form posted without script, in parts with slots
 * (src/shared/slots.ts): the site's own form components (FormParts.tsx: the
 * fields, the notice, the collection notice), which the build renders once
 * (src/build/result-markup.tsx) and the relay fills per request
 * (src/relay/intake/page.ts). No header or footer: the relay may run on
 * another host than the site, so the page stands alone, its stylesheet inline.
 */
import {
  CollectionNotice,
  ErrorLink,
  ErrorSummary,
  FieldError,
  FormFields,
  NOTICE_LOOKS,
  NoticeBox,
  type NoticeLook,
} from "../browser/islands/FormParts.tsx";
import type { FormKind } from "../shared/forms/fields.ts";
import { FORM_FIELDS, type FieldName } from "../shared/forms/form-fields.ts";
import { PROOF_FIELD } from "../shared/forms/proof-field.ts";
import { BACK_FIELD, rawSlot, textSlot, type NoticeTone } from "../shared/slots.ts";
import { DETAIL_FIELDS } from "../shared/forms/quote-details.ts";
import { AddOnCount, AddOnsBox, AddOnTick, DetailFields } from "../browser/islands/QuoteDetails.tsx";
import { buttonClass, textLinkClass } from "../shared/ui.tsx";

/** The notice's title is the page's heading, a little larger, in the notice's colour. */
const heading = "text-lg text-inherit";
const LOOKS: Record<NoticeTone, NoticeLook> = {
  success: { ...NOTICE_LOOKS.success, heading },
  error: { ...NOTICE_LOOKS.error, heading },
  // Asking a visitor without script to confirm: neither a success nor a failure.
  confirm: {
    box: "border-slate-300 bg-slate-50 text-ink",
    icon: "text-slate-600",
    iconName: "check",
    hover: "",
    heading,
  },
};

/** The notice in one of its looks; slots: title, text. */
export function ResultNotice({ tone }: { tone: NoticeTone }) {
  return (
    <NoticeBox
      notice={{ tone: "success", title: textSlot("title"), text: textSlot("text") }}
      look={LOOKS[tone]}
    />
  );
}

/**
 * What to fix, in place of the notice, as the form's island says it: slots title and the raw slot items
 * (ResultErrorLink each).
 */
export const ResultErrorSummary = () => (
  <ErrorSummary title={textSlot("title")} page>
    {rawSlot("items")}
  </ErrorSummary>
);

/** One line of the summary; slots href, text. */
export const ResultErrorLink = () => <ErrorLink href={textSlot("href")} text={textSlot("text")} />;

/** The words under a field to fix; slots id, text (the relay marks the control itself). */
export const ResultFieldError = () => <FieldError id={textSlot("id")} text={textSlot("text")} />;

/**
 * The form again, holding what was typed. Slots: action, intro, back, button, privacy, collection (the
 * collection notice's first words, naming the email provider when the relay sends email), `value.NAME` for
 * each input and message box (a select's chosen option is marked by the relay), and the raw slots proof,
 * options (the site's services, each a ResultOption) and `error.NAME` (a ResultFieldError under a field to
 * fix).
 */
export function ResultForm({ kind }: { kind: FormKind }) {
  const values = Object.fromEntries(
    FORM_FIELDS[kind].map((f) => [f.name, textSlot(`value.${f.name}`)]),
  ) as Record<FieldName, string>;
  return (
    <form action={textSlot("action")} method="post" className="mt-6 grid gap-4">
      <p>{textSlot("intro")}</p>
      <input type="hidden" name={BACK_FIELD} defaultValue={textSlot("back")} />
      {rawSlot("proof")}
      {kind === "quote" && rawSlot("details")}
      <FormFields kind={kind} values={values} slots />
      <div>
        <button type="submit" className={buttonClass("primary", "min-h-12 w-full sm:w-auto")}>
          {textSlot("button")}
        </button>
      </div>
      <CollectionNotice privacy={textSlot("privacy")} before={textSlot("collection")} />
    </form>
  );
}

/** One of the site's services in a select; slots: value, label. */
export const ResultOption = () => <option value={textSlot("value")}>{textSlot("label")}</option>;

/**
 * The quote page's details, for a post from that page (the relay adds them to the quote form). Slots:
 * `value.NAME` for each number and date input; the raw slots options (the services, each a ResultOption) and
 * addOns (ResultAddOns, or nothing for a site without add-ons). Radios, boxes and the select are chosen by
 * the relay.
 */
export function ResultDetails() {
  const values = Object.fromEntries(
    DETAIL_FIELDS.filter((f) => f.control === "number" || f.control === "date").map((f) => [
      f.name,
      textSlot(`value.${f.name}`),
    ]),
  );
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-bold">About the job</h2>
      <DetailFields values={values} slots />
      {/* The quote form's own fields follow. */}
      <h2 className="mt-4 text-lg font-bold">Your details</h2>
    </div>
  );
}

/** The add-ons' box; the raw slot items holds each (ResultAddOnTick or ResultAddOnCount). */
export const ResultAddOns = () => <AddOnsBox>{rawSlot("items")}</AddOnsBox>;

/** An add-on one of which is the most; slots: id, name, label (the relay ticks it). */
export const ResultAddOnTick = () => (
  <AddOnTick id={textSlot("id")} name={textSlot("name")} label={textSlot("label")} hidden={false} />
);

/** An add-on counted; slots: id, name, label, units, max, value. */
export const ResultAddOnCount = () => (
  <AddOnCount
    id={textSlot("id")}
    name={textSlot("name")}
    label={textSlot("label")}
    units={textSlot("units")}
    max={textSlot("max")}
    value={textSlot("value")}
    hidden={false}
  />
);

/** The proof a post without one is given, to send with the form again; slot: proof. */
export const ResultProof = () => <input type="hidden" name={PROOF_FIELD} defaultValue={textSlot("proof")} />;

/**
 * The page around them; slots: title, role, back, backText, colours (the brand's, as `:root`'s custom
 * properties, which its stylesheet reads), and the raw slots notice and form.
 */
export function ResultPage({ css, sprite }: { css: string; sprite: string }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{textSlot("title")}</title>
        <style dangerouslySetInnerHTML={{ __html: `${textSlot("colours")}${css}` }} />
      </head>
      <body>
        <div dangerouslySetInnerHTML={{ __html: sprite }} />
        <main className="mx-auto max-w-2xl px-4 py-8 text-ink sm:py-12">
          <div role={textSlot("role")}>{rawSlot("notice")}</div>
          {rawSlot("form")}
          <p className="mt-6">
            <a href={textSlot("back")} className={textLinkClass}>
              {textSlot("backText")}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
