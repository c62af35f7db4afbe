/**
 * The shared header. Server-rendered complete: without script every link is
 * there, the dropdowns open on hover and keyboard focus through CSS, and the
 * mobile menu is a popover. The navigation and the mobile menu are islands
 * that wake on the first pointer, touch or focus in them, so a visitor who
 * never uses the header never loads React for it.
 */
import type { Content } from "../src/content/load.ts";
import { headerSuburbs, homeSection } from "../src/routes.ts";
import { Island } from "./Island.tsx";
import { ButtonLink, Container, PhoneLink } from "./ui.tsx";

export function Header({ content }: { content: Content }) {
  const { site, services } = content;
  const pairs = (list: { slug: string; name: string }[]) => list.map((s): [string, string] => [s.slug, s.name]);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <Container className="flex h-18 max-w-7xl items-center justify-between gap-4">
        <a href="/" className="flex items-center gap-2 font-bold text-ink">
          <Logo />
          <span className="text-base leading-tight sm:text-lg">{site.name}</span>
        </a>

        <Island name="NavMenu" props={{ services: pairs(services), suburbs: pairs(headerSuburbs(content)) }} hydrate="interaction" />

        <div className="flex items-center gap-3">
          <PhoneLink phone={site.phone} className="hidden items-center gap-2 whitespace-nowrap font-semibold text-brand-800 hover:text-brand-900 xl:inline-flex" iconClassName="h-4 w-4" />
          <ButtonLink href={homeSection("home")} className="whitespace-nowrap max-sm:hidden">
            Get Quote
          </ButtonLink>
          <Island name="MobileMenu" props={{ phone: site.phone }} hydrate="interaction" />
        </div>
      </Container>
    </header>
  );
}

export function Logo() {
  return (
    <svg className="h-9 w-9 shrink-0" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#0f766e" />
      <path d="M20 8c2 5 6 7 6 12a6 6 0 0 1-12 0c0-5 4-7 6-12z" fill="#ede9fe" />
      <path d="M29 9l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z" fill="#fbbf24" />
      <path d="M14 31h12" stroke="#ccfbf1" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
