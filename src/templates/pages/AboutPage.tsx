import type { Content } from "../../content/content.ts";
import { QUOTE_PATH } from "../../shared/paths.ts";
import { TextBesidePicture } from "../TextBesidePicture.tsx";
import {
  Banner,
  ButtonLink,
  Icon,
  PhoneLink,
  Section,
  SectionHeading,
  StatsRow,
  buttonClass,
} from "../../shared/ui.tsx";
import { withTermsLinks } from "../TermsLinks.tsx";

export function AboutPage({ content }: { content: Content }) {
  const { about, site } = content;
  return (
    <>
      <Banner title={about.banner.title} description={about.banner.description} />

      <Section labelledBy="story-title">
        <TextBesidePicture
          content={content}
          id="story-title"
          heading={about.story.heading}
          paragraphs={about.story.paragraphs}
          image={about.story.image}
          lcp
        />
      </Section>

      <Section labelledBy="why-title" className="bg-slate-50">
        <SectionHeading id="why-title" title={about.whyChooseUs.heading} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {about.whyChooseUs.reasons.map((r) => (
            <li key={r.title} className="rounded-2xl bg-white p-6 lift narrow:p-3">
              <Icon name="shield" className="h-7 w-7 text-brand-700" />
              <h3 className="mt-3 text-lg font-bold">{r.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{withTermsLinks(r.text)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="vision-title">
        <h2 id="vision-title" className="sr-only">
          Vision, mission and strategy
        </h2>
        <div className="grid gap-6 lg:grid-cols-3">
          {[about.vision, about.mission, about.strategy].map((p) => (
            <div
              key={p.title}
              className="rounded-2xl border-t-4 border-brand-600 bg-white p-6 shadow-sm ring-1 ring-slate-200 narrow:p-3"
            >
              <h3 className="text-xl font-bold">{p.title}</h3>
              <p className="mt-3 leading-relaxed text-slate-600">{withTermsLinks(p.text)}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section labelledBy="expertise-title" className="bg-slate-50">
        <SectionHeading id="expertise-title" title={about.expertise.heading} text={about.expertise.text} />
        <StatsRow stats={about.expertise.stats} />
        <ul className="mx-auto mt-10 grid max-w-4xl gap-3 sm:grid-cols-2">
          {about.expertise.skills.map((s) => (
            <li key={s} className="flex items-start gap-2">
              <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              {s}
            </li>
          ))}
        </ul>
      </Section>

      <section id="quote" aria-labelledby="quote-title" className="on-dark bg-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h2 id="quote-title" className="text-3xl font-bold text-white sm:text-4xl">
            {about.quote.heading}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{about.quote.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink href={QUOTE_PATH} style="inverse">
              Get a Free Quote
            </ButtonLink>
            <PhoneLink phone={site.phone} className={buttonClass("outlineInverse")} iconClassName="h-4 w-4" />
          </div>
        </div>
      </section>
    </>
  );
}
