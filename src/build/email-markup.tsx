/**
 * The visitor's confirmation email, as markup and text the build writes once
 * from the template (src/templates/ConfirmationEmail.tsx), into
 * src/relay/email/confirmation-markup.ts. The relay fills its slots per lead
 * with the business it was told of and the lead (src/relay/email/confirmation.ts)
 * and renders nothing itself: React stays out of the Worker, and the email says
 * what the site says (decision 0063); one file for any business (decision 0088).
 *
 * `npm run build` writes the file when the template changed; a test holds the
 * committed file to what it renders now.
 */
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import {
  ConfirmationEmail,
  confirmationSubject,
  confirmationText,
  DetailRow,
} from "../templates/ConfirmationEmail.tsx";
import { writeIfChanged } from "./generated.ts";

export const EMAIL_MARKUP_FILE = path.resolve(import.meta.dirname, "../relay/email/confirmation-markup.ts");

export function emailMarkupSource(): string {
  const parts = {
    subject: confirmationSubject(),
    html: "<!DOCTYPE html>" + renderToStaticMarkup(<ConfirmationEmail />),
    detailRow: renderToStaticMarkup(<DetailRow />),
    text: confirmationText(),
  };
  return `// Written by \`npm run build\` from src/templates/ConfirmationEmail.tsx (src/build/email-markup.tsx): do not edit.\n// The visitor's confirmation email, with slots the relay fills (src/relay/email/confirmation.ts).\nexport const CONFIRMATION_MARKUP = ${JSON.stringify(parts, null, 2)} as const;\n`;
}

/** Writes the module if the template now makes something else; says whether it did. */
export function writeEmailMarkup(): boolean {
  return writeIfChanged(EMAIL_MARKUP_FILE, emailMarkupSource());
}
