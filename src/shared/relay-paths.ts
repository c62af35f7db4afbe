/**
 * The relay's paths, relative to its origin: named once here for the relay
 * (which answers them), the forms (which post to them), the build (which
 * writes them into the pages), the Node server (which hands them to the
 * relay) and the scripts' messages.
 */
import type { FormKind } from "./forms/fields.ts";

/** Everything under this prefix is the relay's; the rest of a site's paths are its pages. */
export const API_PREFIX = "/api/";

/** Where each form posts. */
export const FORM_PATHS: Readonly<Record<FormKind, string>> = {
  quote: `${API_PREFIX}quote`,
  contact: `${API_PREFIX}contact`,
};

/**
 * Where a form's script gets the spam check's signed proof that the form was loaded
 * (src/browser/forms/proof.ts).
 */
export const PROOF_PATH = `${API_PREFIX}proof`;

/** A proof is signed for one form (decision 0056): the address a form's script asks it of. */
export const proofPath = (form: FormKind): string => `${PROOF_PATH}?form=${form}`;

/** The delivery state, for a monitor: GET only, no personal data. */
export const HEALTH_PATH = `${API_PREFIX}health`;

/**
 * Where a tap on a phone link is counted (navigator.sendBeacon): the page and the number, nothing about the
 * person.
 */
export const CALL_TAP_PATH = `${API_PREFIX}call`;

/**
 * The customer's page for a quote the owner emailed (issue 51): GET shows the quote and the days to choose
 * from, POST accepts it. Its link is signed for one lead and one quote (src/relay/booking/link.ts).
 */
export const BOOKING_PATH = `${API_PREFIX}book`;

/** Where Telegram posts the owner's button presses (the webhook set by `npm run telegram -- webhook`). */
export const TELEGRAM_UPDATES_PATH = `${API_PREFIX}telegram`;

/**
 * Where the forms post: the relay at `relayOrigin` (RELAY_URL, without a trailing slash), or by default this
 * site's own paths.
 */
export function formActions(relayOrigin = ""): Record<FormKind, string> {
  return { quote: relayOrigin + FORM_PATHS.quote, contact: relayOrigin + FORM_PATHS.contact };
}
