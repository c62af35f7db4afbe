/**
 * The shared header. Server-rendered complete: without script every link is
 * there and the dropdowns open on hover and keyboard focus through CSS.
 */
import type { Content } from "../src/content/load.ts";
import { headerSuburbs, homeSection, servicePath, suburbPath } from "../src/routes.ts";
import { ButtonLink, Container, Icon, PhoneLink, cn } from "./ui.tsx";

export function Header({ content }: { content: Content }) {
  const { site, services } = content;
  const suburbs = headerSuburbs(content);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <Container className="flex h-18 max-w-7xl items-center justify-between gap-4">
        <a href="/" className="flex items-center gap-2 font-bold text-ink">
          <Logo />
          <span className="text-base leading-tight sm:text-lg">{site.name}</span>
        </a>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center">
            <li>
              <a href={homeSection("home")} className={navLink}>
                Home
              </a>
            </li>
            <li className="group relative">
              <a href={homeSection("services")} className={navLink}>
                Services <Icon name="chevronDown" className="h-4 w-4" />
              </a>
              <div className={cn(dropdown, "w-72")}>
                <ul className="py-2">
                  {services.map((s) => (
                    <li key={s.slug}>
                      <a href={servicePath(s)} className="block rounded-md px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800">
                        {s.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
            <li className="group relative">
              <a href={homeSection("suburbs")} className={navLink}>
                List of Suburbs <Icon name="chevronDown" className="h-4 w-4" />
              </a>
              <div className={cn(dropdown, "left-1/2 w-[40rem] -translate-x-1/2")}>
                <ul className="grid grid-cols-3 gap-x-2 p-3">
                  {suburbs.map((s) => (
                    <li key={s.slug}>
                      <a href={suburbPath(s)} className="block rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800">
                        {s.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
            <li>
              <a href={homeSection("about")} className={navLink}>
                About Us
              </a>
            </li>
            <li>
              <a href="/contact-us/" className={navLink}>
                Contact Us
              </a>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-3">
          <PhoneLink phone={site.phone} className="hidden items-center gap-2 whitespace-nowrap font-semibold text-brand-800 hover:text-brand-900 xl:inline-flex" iconClassName="h-4 w-4" />
          <ButtonLink href={homeSection("home")} className="hidden whitespace-nowrap sm:inline-flex">
            Get Quote
          </ButtonLink>
          <a href="#mobile-menu" className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink ring-1 ring-slate-200 lg:hidden" aria-label="Open menu">
            <Icon name="menu" className="h-6 w-6" />
          </a>
        </div>
      </Container>

      <nav id="mobile-menu" aria-label="Mobile" className="hidden border-t border-slate-200 bg-white target:block lg:hidden">
        <Container className="py-4">
          <ul className="space-y-1">
            <li><a href={homeSection("home")} className={mobileLink}>Home</a></li>
            <li><a href={homeSection("services")} className={mobileLink}>Services</a></li>
            <li><a href={homeSection("suburbs")} className={mobileLink}>List of Suburbs</a></li>
            <li><a href={homeSection("about")} className={mobileLink}>About Us</a></li>
            <li><a href={homeSection("testimonials")} className={mobileLink}>Testimonials</a></li>
            <li><a href="/contact-us/" className={mobileLink}>Contact Us</a></li>
          </ul>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <PhoneLink phone={site.phone} className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold text-brand-800 ring-1 ring-brand-200" iconClassName="h-4 w-4" prefix="Call " />
            <ButtonLink href={homeSection("home")}>Get Quote</ButtonLink>
          </div>
        </Container>
      </nav>
    </header>
  );
}

const navLink = "inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-md px-2.5 py-2 font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800";
const mobileLink = "block rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-brand-50";
const dropdown =
  "invisible absolute top-full z-50 mt-1 rounded-xl border border-slate-200 bg-white opacity-0 shadow-xl group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100";

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
