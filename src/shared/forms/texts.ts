/**
 * Every text the forms show or log (the success and error notices, the
 * internal error log lines), word for word as the site has always worded them.
 * The islands show them after a fetch; the relay shows the same ones on the
 * page it answers a script-less form post with.
 */
import type { FormKind } from "./fields.ts";

export interface Notice {
  title: string;
  text: string;
}

export const SUCCESS: Record<FormKind, Notice> = {
  quote: { title: "Quote Request Sent!", text: "We'll get back to you within 24 hours with a custom quote." },
  contact: {
    title: "Message Sent Successfully!",
    text: "Thank you for contacting us. We'll get back to you within 24 hours.",
  },
};

export function failure(form: FormKind, phone: string): Notice {
  return form === "quote"
    ? {
        title: "Error",
        text: "There was an issue sending your request. Please try again or call us directly.",
      }
    : {
        title: "Error",
        text: `There was an issue sending your message. Please try again or call us directly at ${phone}.`,
      };
}

/** Logged to the console on failure; never shown to visitors. */
export const INTERNAL_ERROR: Record<FormKind, string> = {
  quote: "Failed to send message to Telegram",
  contact: "Failed to send contact form to Telegram",
};

/** What empty optional quote fields read as in the owner's notice. */
export const NOT_PROVIDED = "Not provided";
export const NO_MESSAGE = "No additional message";

export const SUBMIT_LABEL: Record<FormKind, { idle: string; busy: string }> = {
  quote: { idle: "Get My Free Quote", busy: "Sending…" },
  contact: { idle: "Send Message", busy: "Sending…" },
};

/**
 * The services outside Australia a visitor's details reach us through, each with where: Telegram
 * always, and Resend when the relay sends email. `email` is content/privacy.yaml's
 * `emailProvider`, the setting the privacy policy names its recipients from (PrivacyPage.tsx), so
 * the notice and the policy cannot disagree.
 */
export function overseasRecipients(email: "resend" | undefined): string[] {
  return [
    "Telegram, whose servers are outside Australia",
    ...(email === "resend" ? ["Resend, an email service that keeps its records in the United States"] : []),
  ];
}

/**
 * The collection notice beside each form's Send button (Australian Privacy Principle 5): what the
 * details are for and every service outside Australia they pass through (overseasRecipients), in
 * two short sentences, and the privacy policy (PRIVACY_PATH) for the rest. The islands and the
 * relay's page for a post without script both show it.
 */
export function collectionNotice(email: "resend" | undefined): {
  before: string;
  link: string;
  after: string;
} {
  const use =
    email === "resend"
      ? "to answer your enquiry and to email you a confirmation, the quote you ask for and, if you book, your booking"
      : "to answer your enquiry";
  return {
    before: `We use these details only ${use}. They reach us through ${overseasRecipients(email).join(", and ")}: see our `,
    link: "privacy policy",
    after: ".",
  };
}
