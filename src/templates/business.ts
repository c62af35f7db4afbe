/**
 * The business as the law wants it named: its legal name and ABN from site.yaml, when the owner has set them.
 */
import type { SiteData } from "../content/content.ts";
import { formatAbn } from "../content/abn.ts";

/**
 * Who the business is, in a sentence: "Example Cleaning Pty Ltd, trading as
 * Sunny Side Cleaning Co. (ABN nn nnn nnn nnn)", or the trading name alone
 * while site.yaml has neither a legal name nor an ABN.
 */
export function businessIdentity(site: SiteData): string {
  const who =
    site.legalName && site.legalName !== site.name ? `${site.legalName}, trading as ${site.name}` : site.name;
  return site.abn ? `${who} (ABN ${formatAbn(site.abn)})` : who;
}
