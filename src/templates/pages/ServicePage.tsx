import type { Content } from "../../content/content.ts";
import type { ServiceData } from "../../content/content.ts";
import { quotePath } from "../../shared/paths.ts";
import { serviceTrail } from "../seo/breadcrumbs.ts";
import { TextBesidePicture } from "../TextBesidePicture.tsx";
import {
  ButtonLink,
  Banner,
  Container,
  Icon,
  PhoneLink,
  Section,
  SectionHeading,
  StatsRow,
  buttonClass,
} from "../../shared/ui.tsx";
import { withTermsLinks } from "../TermsLinks.tsx";

export function ServicePage({ content, service }: { content: Content; service: ServiceData }) {
  const { phone } = content.site;
  return (
    <>
      <Banner
        title={service.banner.title}
        description={service.banner.description}
        trail={serviceTrail(service)}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href={quotePath(service.formValue)} style="inverse">
            GET A QUOTE
          </ButtonLink>
          <PhoneLink phone={phone} className={buttonClass("outlineInverse")} iconClassName="h-4 w-4" />
        </div>
      </Banner>
      <Section labelledBy="intro-title">
        <TextBesidePicture
          content={content}
          id="intro-title"
          heading={service.intro.heading}
          paragraphs={service.intro.paragraphs}
          image={service.intro.image}
          lcp
        />
        <FeatureCards features={service.features} />
      </Section>
      <TrustSection trustPoints={service.trustPoints} />
      <CallToActionSection cta={service.cta} phone={phone} quote={quotePath(service.formValue)} />
      <ChecklistSection checklist={service.checklist} />
      <Section labelledBy="stats-title" className="on-dark bg-brand-900">
        <h2 id="stats-title" className="sr-only">
          {service.name} in numbers
        </h2>
        <StatsRow stats={service.stats} tone="dark" />
      </Section>
      <ClosingSection closing={service.closing} phone={phone} quote={quotePath(service.formValue)} />
    </>
  );
}

function FeatureCards({ features }: { features: ServiceData["features"] }) {
  return (
    <ul className="mt-14 grid gap-6 md:grid-cols-3">
      {features.map((f) => (
        <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6 lift narrow:p-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
            <Icon name="sparkles" className="h-6 w-6" />
          </span>
          <h3 className="mt-4 text-xl font-bold">{f.title}</h3>
          <p className="mt-2 leading-relaxed text-slate-600">{withTermsLinks(f.text)}</p>
        </li>
      ))}
    </ul>
  );
}

function TrustSection({ trustPoints }: { trustPoints: ServiceData["trustPoints"] }) {
  return (
    <Section labelledBy="trust-title" className="bg-slate-50">
      <h2 id="trust-title" className="sr-only">
        Why you can trust us
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {trustPoints.map((t) => (
          <li key={t.title} className="flex gap-3">
            <Icon name="shield" className="mt-1 h-6 w-6 shrink-0 text-brand-700" />
            <div>
              <h3 className="font-bold">{t.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{withTermsLinks(t.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The band between the trust points and the check list: call or ask for a quote. */
function CallToActionSection({
  cta,
  phone,
  quote,
}: {
  cta: ServiceData["cta"];
  phone: string;
  quote: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="on-dark bg-accent-700 text-white">
      <Container className="flex flex-col gap-6 py-12 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold text-white sm:text-3xl">
            {cta.heading}
          </h2>
          <p className="mt-2 max-w-2xl text-accent-100">{withTermsLinks(cta.text)}</p>
        </div>
        {/* shrink-0: beside the text from lg up, the two buttons keep their row rather than wrapping
            under each other. */}
        <div className="flex shrink-0 flex-wrap gap-3">
          <PhoneLink phone={phone} className={buttonClass("outlineInverse")} iconClassName="h-4 w-4" />
          <ButtonLink href={quote} style="inverse">
            GET A QUOTE
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}

/**
 * What the clean covers, room by room; the terms link here (#checklist-title) as what the guarantees cover.
 */
function ChecklistSection({ checklist }: { checklist: ServiceData["checklist"] }) {
  return (
    <Section labelledBy="checklist-title">
      <SectionHeading id="checklist-title" title={checklist.heading} text={checklist.intro} />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {checklist.groups.map((g) => (
          <div key={g.area} className="rounded-2xl border border-slate-200 p-6 narrow:p-3">
            <h3 className="text-lg font-bold">{g.area}</h3>
            <ul className="mt-3 grid gap-2">
              {g.items.map((item) => (
                <li key={item} className="flex items-start gap-2 text-slate-700">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}

function ClosingSection({
  closing,
  phone,
  quote,
}: {
  closing: ServiceData["closing"];
  phone: string;
  quote: string;
}) {
  return (
    <Section labelledBy="closing-title">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {closing.heading}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">{withTermsLinks(closing.text)}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink href={quote}>GET A QUOTE</ButtonLink>
          <PhoneLink
            phone={phone}
            className={buttonClass("secondary")}
            iconClassName="h-4 w-4"
            prefix="Call "
          />
        </div>
      </div>
    </Section>
  );
}
