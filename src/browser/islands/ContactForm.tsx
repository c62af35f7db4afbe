/**
 * The contact page's form. A real form posting to the relay, so it works
 * before and without script; once hydrated it posts JSON and shows the
 * notice in place (see FormParts.tsx). `?service=oven-bbq-cleaning` in the
 * page's address preselects that service.
 */
import { useEffect, useRef } from "react";
import { LABELS, LIMITS, NO_SERVICE_LABEL, SERVICE_OPTIONS } from "../../shared/forms/fields.ts";
import { failure } from "../../shared/forms/texts.ts";
import { ContactDetails, Field, fieldClass, Honeypot, Notices, SubmitButton, useRelayForm } from "./FormParts.tsx";

export interface ContactFormProps {
  /** The relay endpoint the form posts to. */
  action: string;
  /** The business phone, named in the failure notice. */
  phone: string;
}

const L = LABELS.contact;

export default function ContactForm({ action, phone }: ContactFormProps) {
  const { sending, notice, onSubmit, dismiss, submitRef } = useRelayForm("contact", action, failure("contact", phone));
  const serviceRef = useRef<HTMLSelectElement>(null);

  // After hydration, not during render: the server HTML has no query string to
  // read, and the select is uncontrolled, so this causes no mismatch. A choice
  // the visitor made before hydration wins.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("service");
    const select = serviceRef.current;
    if (select && select.value === "" && SERVICE_OPTIONS.some((s) => s.value === wanted)) select.value = wanted!;
  }, []);

  return (
    <form action={action} method="post" onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <ContactDetails kind="contact" />
      <Field id="contact-service" label={L.service}>
        <select ref={serviceRef} id="contact-service" name="service" defaultValue="" className={fieldClass}>
          <option value="">{NO_SERVICE_LABEL}</option>
          {SERVICE_OPTIONS.map((s) => (
            <option key={s.value} value={s.value}>{s.label}</option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Field id="contact-message" label={L.message} required>
          <textarea id="contact-message" name="message" rows={5} required maxLength={LIMITS.message} className={fieldClass} />
        </Field>
      </div>
      <Honeypot id="contact-website" />
      <div className="grid gap-4 sm:col-span-2">
        <SubmitButton kind="contact" sending={sending} buttonRef={submitRef} className="sm:w-auto sm:justify-self-start" />
        <Notices notice={notice} onDismiss={dismiss} />
      </div>
    </form>
  );
}
