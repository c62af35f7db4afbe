/**
 * The contact page's form. A real form posting to the relay, so it works
 * before and without script; once hydrated it posts JSON and shows the
 * notice in place (see FormParts.tsx). `?service=oven-bbq-cleaning` in the
 * page's address preselects that service.
 */
import { useEffect, useRef } from "react";
import type { ServiceChoice } from "../../shared/forms/fields.ts";
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

export interface ContactFormProps {
  /** The relay endpoint the form posts to. */
  action: string;
  /** The business phone, named in the failure notice. */
  phone: string;
  /** The site's services (content/services.yaml), the Service Type options. */
  services: ServiceChoice[];
  /** The relay sends email through this provider (content/privacy.yaml): the collection notice names it. */
  email?: "resend";
}

export default function ContactForm({ action, phone, services, email }: ContactFormProps) {
  const { sending, notice, formProps, dismiss, submitRef, problems, errors, summaryRef } = useRelayForm(
    "contact",
    action,
    failure("contact", phone),
  );
  const formRef = useRef<HTMLFormElement>(null);

  // After hydration, not during render: the server HTML has no query string to
  // read, and the select is uncontrolled, so this causes no mismatch. A choice
  // the visitor made before hydration wins.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("service");
    const select = formRef.current?.elements.namedItem("service");
    if (
      select instanceof HTMLSelectElement &&
      select.value === "" &&
      services.some((s) => s.value === wanted)
    )
      select.value = wanted!;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on waking
  }, []);

  return (
    <form ref={formRef} action={action} method="post" {...formProps} className="grid gap-4 sm:grid-cols-2">
      <Problems problems={problems} summaryRef={summaryRef} className="sm:col-span-2" />
      <FormFields kind="contact" services={services} place={{ message: "sm:col-span-2" }} errors={errors} />
      <Honeypot kind="contact" />
      <div className="grid gap-4 sm:col-span-2">
        <SubmitButton
          kind="contact"
          sending={sending}
          buttonRef={submitRef}
          className="sm:w-auto sm:justify-self-start"
        />
        <CollectionNotice email={email} />
        <Notices notice={notice} onDismiss={dismiss} />
      </div>
    </form>
  );
}
