/**
 * The spam check's proof field, on its own so that the page's load script
 * (src/browser/forms/proof.ts) takes these two names and not every form
 * field's limits and service options with them.
 */

/**
 * The hidden field holding the relay's signed proof that the form was loaded
 * (from PROOF_PATH in src/shared/relay-paths.ts by the form's script, or in
 * the page the relay answers a script-less post with).
 */
export const PROOF_FIELD = "proof";
/**
 * A post sooner than this after its script's proof was issued is a bot's; the form's script waits out the
 * rest.
 */
export const SCRIPT_PROOF_MIN_AGE_MS = 3_000;
