import type { Content } from "../../content/content.ts";
import { emailProp } from "../email-prop.ts";
import { homeGridSuburbs } from "../../content/routes.ts";
import type { FaqData, HomeData, SiteData, SuburbData } from "../../content/content.ts";
import { suburbPath } from "../../shared/paths.ts";
import { Island, slotHtml } from "../Island.tsx";
import { Picture } from "../Picture.tsx";
import { TextBesidePicture } from "../TextBesidePicture.tsx";
import { Container, Icon, Section, SectionHeading, Stars, StatsRow } from "../../shared/ui.tsx";
import { withTermsLinks } from "../TermsLinks.tsx";

export function HomePage({ content, formAction }: { content: Content; formAction: string }) {
  const { home, site, faq } = content;
  return (
    <>
      <Hero hero={home.hero} claims={site.claims} formAction={formAction} email={emailProp(content)} />
      <BondIntroSection content={content} intro={home.bondIntro} />
      <ServicesSection content={content} services={home.services} />
      <WhyChooseUsSection why={home.whyChooseUs} />
      <FaqSection heading={home.faq.heading} text={home.faq.text} faq={faq} />
      <SuburbsSection
        heading={home.suburbs.heading}
        text={home.suburbs.text}
        suburbs={homeGridSuburbs(content)}
      />
      <TestimonialsSection testimonials={home.testimonials} />
    </>
  );
}

/** The first screen: the promise, its ticks and the rating beside the quote form. */
function Hero({
  hero,
  claims,
  formAction,
  email,
}: {
  hero: HomeData["hero"];
  claims: SiteData["claims"];
  formAction: string;
  /** The island's email prop (email-prop.ts). */
  email: { email?: "resend" };
}) {
  return (
    // z-10: over the call bar (CallBar.tsx), which reaches into the hero on short screens, so it never covers
    // the form's Send button.
    <section
      id="home"
      aria-labelledby="hero-title"
      className="hero-gradient relative z-10 overflow-hidden text-white"
    >
      <Container className="grid items-start gap-10 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:py-20">
        {/* on-dark here, not on the section: the quote card beside it is white. */}
        <div className="on-dark lg:pt-6">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-brand-100">
            <Icon name="sparkles" className="h-4 w-4 text-sparkle" />
            {hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl"
          >
            {hero.heading}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-100">{hero.text}</p>
          <ul className="mt-7 grid gap-3 sm:grid-cols-2">
            {hero.highlights.map((h) => (
              <li key={h} className="flex items-start gap-2 font-medium">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-sparkle" />
                {withTermsLinks(h)}
              </li>
            ))}
          </ul>
          <p className="mt-8 flex flex-wrap items-center gap-3 text-brand-100">
            <Stars rating={5} />
            <span>
              {/* Each text one string: React marks the joins of adjacent texts (<!-- -->), 33 on this page. */}
              <strong className="text-white">{`${claims.rating}/5`}</strong>
              {` from ${claims.reviewCount} reviews`}
            </span>
          </p>
        </div>
        <div id="quote" className="rounded-2xl bg-white p-6 text-slate-700 lift-high narrow:p-3 sm:p-8">
          <h2 className="text-2xl font-bold">{hero.formHeading}</h2>
          <p className="mb-5 mt-1 text-slate-600">{hero.formText}</p>
          <Island name="QuoteForm" props={{ action: formAction, ...email }} />
        </div>
      </Container>
    </section>
  );
}

function BondIntroSection({ content, intro }: { content: Content; intro: HomeData["bondIntro"] }) {
  return (
    <Section labelledBy="bond-intro-title">
      <TextBesidePicture
        content={content}
        id="bond-intro-title"
        heading={intro.heading}
        paragraphs={intro.paragraphs}
        image={intro.image}
      >
        <ul className="mt-6 grid gap-3">
          {intro.points.map((p) => (
            <li key={p} className="flex items-start gap-3">
              <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                <Icon name="check" className="h-4 w-4" />
              </span>
              {withTermsLinks(p)}
            </li>
          ))}
        </ul>
      </TextBesidePicture>
    </Section>
  );
}

function ServicesSection({ content, services }: { content: Content; services: HomeData["services"] }) {
  return (
    <Section id="services" labelledBy="services-title" className="bg-slate-50">
      <SectionHeading id="services-title" title={services.heading} text={services.text} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.cards.map((card) => (
          <ServiceCard key={card.title} content={content} card={card} />
        ))}
      </ul>
    </Section>
  );
}

function ServiceCard({ content, card }: { content: Content; card: HomeData["services"]["cards"][number] }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 lift narrow:p-3">
      <Picture
        content={content}
        image={card.image}
        slot="icon"
        className="h-14 w-14 rounded-xl object-cover"
      />
      <h3 className="mt-4 text-xl font-bold">{card.title}</h3>
      <p className="mt-2 leading-relaxed text-slate-600">{card.description}</p>
      <ul className="mt-4 grid gap-2 text-sm">
        {card.features.map((f) => (
          <li key={f} className="flex items-start gap-2">
            <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
            {f}
          </li>
        ))}
      </ul>
    </li>
  );
}

function WhyChooseUsSection({ why }: { why: HomeData["whyChooseUs"] }) {
  return (
    <Section id="about" labelledBy="why-title">
      <SectionHeading id="why-title" title={why.heading} text={why.text} />
      <ul className="mb-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {why.reasons.map((r) => (
          <li key={r.title} className="rounded-2xl border border-slate-200 p-6 narrow:p-3">
            <h3 className="flex items-center gap-2 text-lg font-bold">
              <Icon name="shield" className="h-5 w-5 text-brand-700" />
              {r.title}
            </h3>
            <p className="mt-2 leading-relaxed text-slate-600">{withTermsLinks(r.text)}</p>
          </li>
        ))}
      </ul>
      <StatsRow stats={why.stats} />
    </Section>
  );
}

function FaqSection({ heading, text, faq }: { heading: string; text: string; faq: FaqData[] }) {
  return (
    <Section id="faq" labelledBy="faq-title" className="bg-slate-50">
      <SectionHeading id="faq-title" title={heading} text={text} />
      <div className="mx-auto max-w-3xl">
        <Island
          name="Faq"
          props={{ slots: faq.flatMap((f) => [slotHtml(f.question), slotHtml(withTermsLinks(f.answer))]) }}
        />
      </div>
    </Section>
  );
}

function SuburbsSection({
  heading,
  text,
  suburbs,
}: {
  heading: string;
  text: string;
  suburbs: SuburbData[];
}) {
  return (
    <Section id="suburbs" labelledBy="suburbs-title">
      <SectionHeading id="suburbs-title" title={heading} text={text} />
      <ul className="grid grid-cols-2 gap-3 narrow:grid-cols-1 sm:grid-cols-3 lg:grid-cols-4">
        {suburbs.map((s) => (
          <li key={s.slug}>
            <a href={suburbPath(s)} className="suburb-card">
              {`${s.name} `}
              <span>{s.postcode}</span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function TestimonialsSection({ testimonials }: { testimonials: HomeData["testimonials"] }) {
  return (
    <Section id="testimonials" labelledBy="testimonials-title" className="bg-brand-50">
      <SectionHeading id="testimonials-title" title={testimonials.heading} text={testimonials.text} />
      <ul className="grid gap-6 lg:grid-cols-3">
        {testimonials.items.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-2xl bg-white p-6 lift narrow:p-3">
              <Stars rating={t.rating} />
              <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">{`“${t.content}”`}</blockquote>
              <figcaption className="mt-5">
                <span className="block font-semibold text-ink">{t.name}</span>
                <span className="text-sm text-slate-600">{t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
