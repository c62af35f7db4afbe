/**
 * The visitor's confirmation email, as markup and text the build writes once
 * from content/ (the business's name, its site, the reply time under
 * `claims:`) and the template (src/templates/ConfirmationEmail.tsx), into
 * src/relay/email/confirmation-markup.ts. The relay fills its slots per lead
 * (src/relay/email/confirmation.ts) and renders nothing itself: React stays out
 * of the Worker, and the email says what the site says (decision 0063).
 *
 * `npm run build` writes the file when content/ or the template changed; a test
 * holds the committed file to what they render now.
 */
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import type { Content } from "../content/content.ts";
import { PRIVACY_PATH } from "../shared/paths.ts";
import {
  ConfirmationEmail,
  confirmationSubject,
  confirmationText,
  DetailRow,
  type ConfirmationFacts,
} from "../templates/ConfirmationEmail.tsx";
import { loadContent } from "./content/load.ts";
import { writeIfChanged } from "./generated.ts";

export const EMAIL_MARKUP_FILE = path.resolve(import.meta.dirname, "../relay/email/confirmation-markup.ts");

/**
 * What the email takes from content/: the site's own address (content/site.yaml `url:`), not SITE_URL, so the
 * committed file is one for every build.
 */
export function confirmationFacts(content: Content): ConfirmationFacts {
  const siteUrl = content.site.url.replace(/\/$/, "");
  return {
    businessName: content.site.name,
    siteUrl,
    privacyUrl: `${siteUrl}${PRIVACY_PATH}`,
    replyWithinHours: content.site.claims.replyWithinHours,
  };
}

export function emailMarkupSource(content: Content = loadContent()): string {
  const facts = confirmationFacts(content);
  const parts = {
    subject: confirmationSubject(facts),
    html: "<!DOCTYPE html>" + renderToStaticMarkup(<ConfirmationEmail facts={facts} />),
    detailRow: renderToStaticMarkup(<DetailRow />),
    text: confirmationText(facts),
  };
  return `// Written by \`npm run build\` from content/ and src/templates/ConfirmationEmail.tsx (src/build/email-markup.tsx): do not edit.\n// The visitor's confirmation email, with slots the relay fills (src/relay/email/confirmation.ts).\nexport const CONFIRMATION_MARKUP = ${JSON.stringify(parts, null, 2)} as const;\n`;
}

/** Writes the module if content/ or the template now make something else; says whether it did. */
export function writeEmailMarkup(content?: Content): boolean {
  return writeIfChanged(EMAIL_MARKUP_FILE, emailMarkupSource(content));
}
