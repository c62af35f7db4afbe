/**
 * The page a form posted without JavaScript gets back: the same notice the
 * island would show and, on failure, the form again holding what the visitor
 * typed, so nothing is lost and they can send it again. A post without the
 * spam check's proof gets the form back too, once, with a proof, and is asked
 * to press Send once more. A post too long to read gets the notice only, and
 * a link back.
 *
 * The markup is the site's own form components (src/templates/ResultPage.tsx),
 * rendered once by the build into result-markup.ts with its stylesheet
 * inline, because the relay may run on another host than the site; this file
 * only fills the slots.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { errorId, errorSummaryTitle, fieldErrors } from "../../shared/forms/field-errors.ts";
import { FORM_FIELDS } from "../../shared/forms/form-fields.ts";
import type { QuoteOffer } from "../../shared/forms/quote-details.ts";
import { colourProperties, type BrandColours } from "../../shared/colours.ts";
import { collectionNotice, type Notice } from "../../shared/forms/texts.ts";
import { PRIVACY_PATH } from "../../shared/paths.ts";
import { RESULT_MARKUP } from "./result-markup.ts";
import { fillSlots, type NoticeTone } from "../../shared/slots.ts";
import { detailsAgain, fromQuotePage, serviceOptions } from "./page-details.ts";

export { BACK_FIELD } from "../../shared/slots.ts";

/**
 * What a script-less visitor whose post carried no proof is asked (the form's script does this step unseen).
 */
export const CONFIRM_NOTICE: Notice = {
  title: "Please confirm your message",
  text: "To keep spam out we ask this once: check what you typed below, then press Send.",
};

/**
 * A script-less post over the body limit, whose text the relay never read: the browser's Back button usually
 * still holds it.
 */
export function tooLongNotice(form: FormKind, phone: string): Notice {
  const what = form === "quote" ? "request" : "message";
  const call = phone ? `, or call us directly at ${phone}` : ", or call us directly";
  return {
    title: `Your ${what} is too long`,
    text: `It was not sent. Go back with your browser's Back button (what you typed is usually still there), shorten it and send it again${call}.`,
  };
}

export interface ResultPage {
  form: FormKind;
  /**
   * sent: the notice only; failed: the notice and the form again; confirm: the form again with a proof, to
   * press Send once more; refused: a failure whose body was never read (too long), so the notice only.
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
  /**
   * The relay sends email: the form shown again has the collection notice naming the email provider with
   * Telegram (collectionNotice), as the site's forms do.
   */
  emailNotice?: boolean;
  /** With mode failed: the fields the relay's check refused, said as the form's island says them. */
  invalid?: readonly string[];
  /** The site's services and add-ons, as its forms offer them; none when the relay was told none. */
  offer?: QuoteOffer;
  /** The brand's colours; greys when the relay was told none. */
  colours?: BrandColours;
}

/** A relay told nothing of the brand draws its page in greys (Tailwind's slate) and amber. */
const GREYS: BrandColours = {
  brand: {
    shade50: "#f8fafc",
    shade100: "#f1f5f9",
    shade200: "#e2e8f0",
    shade500: "#64748b",
    shade600: "#475569",
    shade700: "#334155",
    shade800: "#1e293b",
    shade900: "#0f172a",
    shade950: "#020617",
  },
  accent: {
    shade50: "#f8fafc",
    shade100: "#f1f5f9",
    shade600: "#475569",
    shade700: "#334155",
    shade800: "#1e293b",
  },
  highlight: "#fbbf24",
};

const NOTHING_OFFERED: QuoteOffer = { services: [], addOns: [] };

/** A field to fix on the page: its control's id and what to do. */
interface Fix {
  name: string;
  id: string;
  text: string;
}

const TONE: Record<ResultPage["mode"], NoticeTone> = {
  sent: "success",
  failed: "error",
  refused: "error",
  confirm: "confirm",
};

/** The form shown again: what the page knows of the post. */
type Again = Required<Pick<ResultPage, "form" | "values" | "action" | "back" | "invalid" | "offer">> &
  Pick<ResultPage, "proof" | "emailNotice">;

/**
 * The page, its pieces decided before it is filled: the form again (failed, confirm) with the fields it asks
 * the visitor to fix, then the notice above it (those fields' summary, or the notice), then the page.
 */
export function resultPage({
  mode,
  notice,
  colours = GREYS,
  invalid = [],
  offer = NOTHING_OFFERED,
  ...post
}: ResultPage): string {
  const tone = TONE[mode];
  const { markup, fixes } =
    mode === "failed" || mode === "confirm"
      ? formAgain({ ...post, invalid, offer })
      : { markup: "", fixes: [] };
  const title = fixes.length > 0 ? errorSummaryTitle(fixes.length) : notice.title;
  const shown =
    fixes.length > 0
      ? fillSlots(
          RESULT_MARKUP.errors.summary,
          { title },
          {
            items: fixes
              .map((f) => fillSlots(RESULT_MARKUP.errors.link, { href: `#${f.id}`, text: f.text }))
              .join(""),
          },
        )
      : fillSlots(RESULT_MARKUP.notice[tone], { title: notice.title, text: notice.text });
  const text = {
    title,
    role: tone === "error" ? "alert" : "status",
    back: post.back,
    backText: mode === "refused" ? "Back to the form" : "Back to the site",
    colours: `:root{${colourProperties(colours)
      .map(([name, value]) => `${name}:${value}`)
      .join(";")}}`,
  };
  return fillSlots(RESULT_MARKUP.page, text, { notice: shown, form: markup });
}

/**
 * The form again holding what the visitor typed, each field the check refused marked with what to do, and
 * those fields (the notice above the form lists them). Decided first (the values, the fields to fix, the
 * service chosen, the quote page's details), then filled.
 */
function formAgain({ form, values, action, back, proof, emailNotice, invalid, offer }: Again): {
  markup: string;
  fixes: Fix[];
} {
  const [intro, button] =
    proof === undefined
      ? ["This is what you typed; you can send it again.", "Send again"]
      : ["This is what you typed.", "Send"];
  const text: Record<string, string> = {
    action,
    back,
    intro,
    button,
    privacy: privacyPolicy(back),
    collection: collectionNotice(emailNotice ? "resend" : undefined).before,
  };
  let service = "";
  for (const field of FORM_FIELDS[form]) {
    const value = values[field.name] ?? "";
    // The parser eats one newline straight after <textarea>, so a message that starts with one keeps it.
    if (field.control === "textarea") text[`value.${field.name}`] = `\n${value}`;
    else if (field.control === "input") text[`value.${field.name}`] = value;
    else if (offer.services.some((o) => o.value === value)) service = value;
  }
  // The form's own fields the check refused, in the words the island uses (decision 0086); anything else
  // refused (a detail, the add-ons) keeps the failure notice.
  const fixes: Fix[] = fieldErrors(
    FORM_FIELDS[form],
    (name) => values[name] ?? "",
    offer.services.length ? offer.services.map((s) => s.value) : undefined,
  )
    .filter(({ field }) => invalid.includes(field.name))
    .map(({ field, text }) => ({ name: field.name, id: `${form}-${field.name}`, text }));
  const raw: Record<string, string> = {
    options: serviceOptions(offer, service),
    details: form === "quote" && fromQuotePage(values) ? detailsAgain(values, offer) : "",
    proof: proof === undefined ? "" : fillSlots(RESULT_MARKUP.proof, { proof }),
  };
  let markup: string = RESULT_MARKUP.form[form];
  for (const fix of fixes) {
    raw[`error.${fix.name}`] = fillSlots(RESULT_MARKUP.errors.field, { id: errorId(fix.id), text: fix.text });
    // The control names its words, as the island's does (FormParts.tsx, invalidProps).
    markup = markup.replace(
      ` id="${fix.id}"`,
      ` id="${fix.id}" aria-invalid="true" aria-describedby="${errorId(fix.id)}"`,
    );
  }
  return { markup: fillSlots(markup, text, raw), fixes };
}

/**
 * The forms' collection notice (APP 5) links to the site's privacy policy: on the site the visitor came from
 * (`back`, a page of this site or of an origin allowed to post here), so a relay on another host than the
 * site still links to the site's page.
 */
const privacyPolicy = (back: string) =>
  /^https?:/.test(back) ? new URL(PRIVACY_PATH, back).href : PRIVACY_PATH;
