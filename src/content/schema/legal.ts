/**
 * content/privacy.yaml and content/terms.yaml: the privacy policy and the
 * terms. Their words are the templates' (src/templates/pages/PrivacyPage.tsx,
 * TermsPage.tsx), because nearly every sentence states a fact the code
 * decides: what each form asks for, where the relay sends it, how long it
 * keeps it, the figures of site.yaml's claims, and the regulation's wording.
 * What is the owner's to write is here (decision 0050).
 */
import * as z from "zod";
import { Banner, dayDate, Seo } from "./common.ts";

export const LegalPageFile = z.strictObject({
  seo: Seo,
  banner: Banner,
  updated: dayDate.describe(
    "The day the page's words last changed, e.g. \"24 November 2026\", shown under its heading. Change it whenever the policy or the terms change, or a figure they quote does (claims: in site.yaml, a service's guarantee: in services.yaml). The words themselves are in src/templates/pages/PrivacyPage.tsx and TermsPage.tsx, because each states something the site's code decides; the business's name, legal name, ABN, email and phone come from site.yaml.",
  ),
});

/** The email providers the privacy policy can name (decision 0063): Resend, the relay's (decision 0060). */
export const EMAIL_PROVIDERS = ["resend"] as const;

/**
 * content/privacy.yaml: a legal page, and whether the relay sends email. The site is built without
 * the relay's settings, so the owner says it here; the relay refuses to send email while the site it
 * was told of does not say so (src/relay/email/privacy.ts).
 */
export const PrivacyPageFile = LegalPageFile.extend({
  emailProvider: z
    .enum(EMAIL_PROVIDERS)
    .optional()
    .describe(
      "Set to resend when the form relay sends email (EMAIL_API_KEY, EMAIL_FROM, OWNER_EMAIL): the privacy policy then names Resend, which keeps each email in the United States. Leave it out while the relay sends no email; the relay refuses to send email until it is set. Change `updated:` with it.",
    ),
});
