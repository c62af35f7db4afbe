/**
 * The email provider the relay sends through (content/privacy.yaml `emailProvider`, decision 0063)
 * as a form island's prop: the collection notice inside each form names it with Telegram
 * (overseasRecipients, src/shared/forms/texts.ts), as the privacy policy does, from the same
 * setting. Left out when the relay sends no email, so those pages' markup is as before.
 */
import type { Content } from "../content/content.ts";

export const emailProp = (content: Content): { email?: "resend" } =>
  content.privacy.emailProvider ? { email: content.privacy.emailProvider } : {};
