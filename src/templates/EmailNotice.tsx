/**
 * The collection notice's second recipient when the relay sends email (content/privacy.yaml
 * `emailProvider: resend`, decision 0063), beside the form: on the home, quote and contact pages under
 * the form's island, and on the relay's page for a post without script (ResultPage.tsx, through
 * the markup the build writes). Never inside an island, and its words live here rather than in
 * shared/forms/texts.ts, so the islands' script is byte for byte the same with email on or off.
 */
export const EMAIL_NOTICE =
  "We email you a confirmation, and your message may also reach us by email, through Resend, whose servers are in the United States.";

export const EmailNotice = () => <p className="mt-4 text-sm text-slate-600">{EMAIL_NOTICE}</p>;
