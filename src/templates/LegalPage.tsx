/**
 * The frame of the privacy policy and the terms: the banner with the date the words last changed, then the
 * sections of prose in one readable column. The pages' words are in pages/PrivacyPage.tsx and
 * pages/TermsPage.tsx.
 */
import type { ReactNode } from "react";
import type { LegalPageData } from "../content/content.ts";
import { Banner, Section, textLinkClass } from "../shared/ui.tsx";

export function LegalPage({ page, children }: { page: LegalPageData; children: ReactNode }) {
  return (
    <>
      <Banner title={page.banner.title} description={page.banner.description}>
        <p className="mt-6 text-sm text-brand-100">Last updated {page.updated}</p>
      </Banner>
      <Section>
        <div className="grid max-w-3xl gap-12">{children}</div>
      </Section>
    </>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 grid gap-4 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={textLinkClass}>
      {children}
    </a>
  );
}

export function EmailLink({ address }: { address: string }) {
  return <TextLink href={`mailto:${address}`}>{address}</TextLink>;
}
