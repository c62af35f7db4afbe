/**
 * The home hero's quote form. A real form posting to the relay, so it works
 * before and without script; once hydrated it posts JSON and shows the
 * notice in place (see FormParts.tsx).
 */
import { LABELS, LIMITS } from "../../shared/forms/fields.ts";
import { failure } from "../../shared/forms/texts.ts";
import { ContactDetails, Field, fieldClass, Honeypot, Notices, SubmitButton, useRelayForm } from "./FormParts.tsx";

export interface QuoteFormProps {
  /** The relay endpoint the form posts to. */
  action: string;
}

const L = LABELS.quote;

export default function QuoteForm({ action }: QuoteFormProps) {
  // The quote failure text names no phone number (specification section 8).
  const { sending, notice, onSubmit, dismiss, submitRef } = useRelayForm("quote", action, failure("quote", ""));
  return (
    <form action={action} method="post" onSubmit={onSubmit} className="grid gap-4">
      <ContactDetails kind="quote" />
      <Field id="quote-address" label={L.address}>
        <input id="quote-address" name="address" type="text" maxLength={LIMITS.address} autoComplete="address-line1" className={fieldClass} />
      </Field>
      <Field id="quote-message" label={L.message}>
        <textarea id="quote-message" name="message" rows={3} maxLength={LIMITS.message} className={fieldClass} />
      </Field>
      <Honeypot id="quote-website" />
      <SubmitButton kind="quote" sending={sending} buttonRef={submitRef} />
      <Notices notice={notice} onDismiss={dismiss} />
    </form>
  );
}
