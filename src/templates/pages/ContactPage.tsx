import type { Content } from "../../content/content.ts";
import { serviceChoices } from "../../content/services.ts";
import { Island } from "../Island.tsx";
import { emailProp } from "../email-prop.ts";
import { formatHours } from "../hours.ts";
import { Banner, Icon, PhoneLink, Section } from "../../shared/ui.tsx";

export function ContactPage({ content, formAction }: { content: Content; formAction: string }) {
  const { contact, site } = content;
  return (
    <>
      <Banner title={contact.banner.title} description={contact.banner.description} />
      <Section labelledBy="contact-form-title">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <div className="grid gap-6 self-start">
            <div className="flex gap-4 narrow:flex-wrap">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon name="pin" />
              </span>
              <div>
                <h2 className="text-lg font-bold">Location</h2>
                <p className="mt-1 text-slate-600">{site.location.display}</p>
              </div>
            </div>
            <div className="flex gap-4 narrow:flex-wrap">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon name="phone" />
              </span>
              <div>
                <h2 className="text-lg font-bold">Phone</h2>
                <PhoneLink
                  phone={site.phone}
                  className="mt-1 inline-flex min-h-6 items-center font-semibold text-brand-800 hover:underline"
                />
              </div>
            </div>
            <div className="flex gap-4 narrow:flex-wrap">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon name="mail" />
              </span>
              <div>
                <h2 className="text-lg font-bold">Email</h2>
                <a
                  href={`mailto:${site.email}`}
                  className="mt-1 inline-flex min-h-6 items-center font-semibold text-brand-800 hover:underline"
                >
                  {site.email}
                </a>
                <p className="mt-1 text-slate-600">{contact.emailNote}</p>
              </div>
            </div>
            <div className="flex gap-4 narrow:flex-wrap">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon name="clock" />
              </span>
              <div>
                <h2 className="text-lg font-bold">Business Hours</h2>
                <ul className="mt-1 text-slate-600">
                  {formatHours(site.hours).map((h) => (
                    <li key={h}>{h}</li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 lift narrow:p-3 sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-bold">
              {contact.formHeading}
            </h2>
            <p className="mb-6 mt-1 text-slate-600">{contact.formText}</p>
            <Island
              name="ContactForm"
              props={{
                action: formAction,
                phone: site.phone,
                services: serviceChoices(content),
                ...emailProp(content),
              }}
            />
          </div>
        </div>
      </Section>
    </>
  );
}
