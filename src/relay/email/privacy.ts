/**
 * The privacy policy and the relay must not disagree about email (decision
 * 0063). The site is static and built without the relay's settings, so the
 * owner says in content/privacy.yaml (`emailProvider: resend`) that the relay
 * sends email, and the policy then names Resend. The relay is told the site's
 * facts (site.ts: by npm run serve on Node, by npm run relay:deploy on the
 * Worker) and refuses to start with email settings while the policy it was told
 * of names no email provider. Told nothing of the site, it cannot check, and
 * says so at start-up.
 */
import type { EmailSettings } from "./settings.ts";

/**
 * What the relay was told of the site's privacy policy (site.ts's SiteFacts): the email provider it names,
 * "none", or undefined when not told.
 */
type PolicyFacts = { emailProvider?: "resend" | "none" };

/**
 * Why the relay must not start with these settings for this site, or undefined when they agree (or the site
 * is not known).
 */
export function privacyProblem(
  email: EmailSettings | undefined,
  site: PolicyFacts | undefined,
): string | undefined {
  if (!email || site?.emailProvider === undefined || site.emailProvider === "resend") return undefined;
  return "EMAIL_API_KEY: email is set up, but the site's privacy policy does not name Resend, which would hold each email: set `emailProvider: resend` in content/privacy.yaml (and change `updated:`), build and publish the site, then start the relay (on Workers: npm run relay:deploy); or unset EMAIL_API_KEY, EMAIL_FROM and OWNER_EMAIL.";
}

/** The start-up line when the relay cannot tell what the privacy policy says (site facts not given). */
export function privacyUnknownLine(
  email: EmailSettings | undefined,
  site: PolicyFacts | undefined,
): string | undefined {
  if (!email || site?.emailProvider !== undefined) return undefined;
  return "relay: the site's facts were not given, so the relay cannot check that the privacy policy names Resend (content/privacy.yaml emailProvider: resend): make sure it does.";
}
