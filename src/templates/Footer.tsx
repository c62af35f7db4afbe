import type { Content } from "../content/content.ts";
import {
  ABOUT_PATH,
  CONTACT_PATH,
  homeSection,
  PRIVACY_PATH,
  QUOTE_PATH,
  servicePath,
  TERMS_PATH,
} from "../shared/paths.ts";
import { Container, PhoneLink } from "../shared/ui.tsx";
import { businessIdentity } from "./business.ts";
import { Logo } from "./Header.tsx";
import { formatHours } from "./hours.ts";
import { renderedOnce } from "./once.tsx";

export function Footer({ content }: { content: Content }) {
  return (
    <footer
      className="bg-ink text-slate-300"
      dangerouslySetInnerHTML={renderedOnce(content, "footer", () => (
        <FooterContent content={content} />
      ))}
    />
  );
}

function FooterContent({ content }: { content: Content }) {
  const { site, services } = content;
  return (
    <>
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white narrow:flex-wrap">
            <Logo />
            {site.name}
          </p>
          <p className="mt-4 text-sm leading-relaxed">{site.footer.about}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-base font-semibold text-white">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-1 text-sm">
            <li>
              <a className={footerLink} href="/">
                Home
              </a>
            </li>
            <li>
              <a className={footerLink} href={ABOUT_PATH}>
                About Us
              </a>
            </li>
            <li>
              <a className={footerLink} href={CONTACT_PATH}>
                Contact Us
              </a>
            </li>
            <li>
              <a className={footerLink} href={homeSection("suburbs")}>
                {site.footer.suburbsLink}
              </a>
            </li>
            <li>
              <a className={footerLink} href={QUOTE_PATH}>
                Get a Free Quote
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="text-base font-semibold text-white">
            Services
          </h2>
          <ul className="mt-4 space-y-1 text-sm">
            {services.map((s) => (
              <li key={s.slug}>
                <a className={footerLink} href={servicePath(s)}>
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-base font-semibold text-white">Contact Info</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <PhoneLink phone={site.phone} className="inline-flex min-h-6 items-center hover:text-white" />
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="inline-flex min-h-6 items-center hover:text-white">
                {site.email}
              </a>
            </li>
            <li>{`${site.location.locality}, ${site.location.region}`}</li>
            <li>
              {formatHours(site.hours).map((h) => (
                <span key={h} className="block">
                  {h}
                </span>
              ))}
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            {`© ${site.copyrightYear} ${site.name.replace(/\.$/, "")}. All rights reserved.`}
            {(site.legalName || site.abn) && (
              <>
                <br />
                {businessIdentity(site)}
              </>
            )}
          </p>
          <ul className="flex flex-wrap gap-6">
            <li>
              <a className={footerLink} href={PRIVACY_PATH}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a className={footerLink} href={TERMS_PATH}>
                Terms of Service
              </a>
            </li>
          </ul>
        </Container>
      </div>
    </>
  );
}

const footerLink = "inline-flex min-h-6 items-center hover:text-white hover:underline";
