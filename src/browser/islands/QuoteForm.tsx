/**
 * The home hero's quote form. A real form posting to the relay, so it works
 * before and without script; once hydrated it posts JSON and shows the
 * notice in place (see FormParts.tsx).
 */
import { failure } from "../../shared/forms/texts.ts";
import {
  CollectionNotice,
  FormFields,
  Honeypot,
  Notices,
  Problems,
  SubmitButton,
  useRelayForm,
} from "./FormParts.tsx";

export interface QuoteFormProps {
  /** The relay endpoint the form posts to. */
  action: string;
  /** The relay sends email through this provider (content/privacy.yaml): the collection notice names it. */
  email?: "resend";
}

export default function QuoteForm({ action, email }: QuoteFormProps) {
  // The quote form's failure text names no phone number (the contact form's does).
  const { sending, notice, formProps, dismiss, submitRef, problems, errors, summaryRef } = useRelayForm(
    "quote",
    action,
    failure("quote", ""),
  );
  return (
    <form action={action} method="post" {...formProps} className="grid gap-4">
      <Problems problems={problems} summaryRef={summaryRef} />
      <FormFields kind="quote" errors={errors} />
      <Honeypot kind="quote" />
      <SubmitButton kind="quote" sending={sending} buttonRef={submitRef} />
      <CollectionNotice email={email} />
      <Notices notice={notice} onDismiss={dismiss} />
    </form>
  );
}
