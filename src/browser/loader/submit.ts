/**
 * A form sent before its island runs (autofill, then a quick tap on Send)
 * waits for the island, which sends it and shows its notice in place, as it
 * would a moment later (docs/decisions/0052-before-the-islands-wake.md).
 * Without the wait the browser would post it as a plain form, and the visitor
 * would leave the page for the relay's "Please confirm your message".
 *
 * The wait is short and safe: the loader runs the island at once, and if its
 * code has not arrived within HOLD_MS, or fails to load, the form is sent as
 * the plain post it would have been. Without script nothing here runs and
 * the form posts as it always has.
 */

/**
 * Long enough for a slow phone on a slow network to fetch and run the island; short enough that a lost island
 * costs a moment, not the lead.
 */
export const HOLD_MS = 4000;

/**
 * Holds a submit inside `island` until `run()` (which runs the island at once
 * and resolves once React has committed it), then sends it again through the
 * island; on failure or after HOLD_MS, as a plain form post. While held, the
 * Send button is disabled (its own busy look, and no second tap).
 */
export function holdEarlySubmit(island: HTMLElement, run: () => Promise<void>) {
  let held: SubmitEvent | undefined;
  let plain = false;
  // Capture, and added before React's own listeners on the island: React must not see a submit it cannot yet
  // answer.
  island.addEventListener(
    "submit",
    (event) => {
      if (plain || island.dataset.hydrated) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (held) return;
      held = event as SubmitEvent;
      const button = held.submitter as HTMLButtonElement | null;
      if (button) button.disabled = true;
      const send = (asPlainForm: boolean) => {
        if (!held) return;
        const form = held.target as HTMLFormElement;
        held = undefined;
        clearTimeout(timer);
        // React hydrated the button as enabled; it is again before React's submit handler sees it.
        if (button) button.disabled = false;
        plain = asPlainForm;
        form.requestSubmit(button);
      };
      const timer = setTimeout(() => send(true), HOLD_MS);
      run().then(
        () => send(false),
        () => send(true),
      );
    },
    true,
  );
}
