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
  updated: dayDate.describe('The day the page\'s words last changed, e.g. "24 November 2026", shown under its heading. Change it whenever the policy or the terms change, or a figure they quote does.'),
});

export type LegalPageData = z.infer<typeof LegalPageFile>;
