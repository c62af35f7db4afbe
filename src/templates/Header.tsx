/**
 * The shared header. Server-rendered complete: without script every link is
 * there, the dropdowns open on hover and keyboard focus through CSS, and the
 * mobile menu is a popover. The navigation and the mobile menu are islands
 * that wake on a click, tap or focus in them (the navigation also on a mouse
 * hover), so a visitor who never uses the header never runs React for it.
 * Below 1280 px, where the number itself does not fit, a call button sits
 * beside the menu's (or, from 1024 px, beside Get Quote), so the phone is one
 * tap away at every width without opening the menu.
 */
import type { Content } from "../content/content.ts";
import { headerSuburbs } from "../content/routes.ts";
import { homeSection, QUOTE_PATH } from "../shared/paths.ts";
import { navMenuLists } from "./NavLists.tsx";
import { Island, slotHtml } from "./Island.tsx";
import { ICON_SVG } from "./seo/brand.ts";
import { renderedOnce } from "./once.tsx";
import { ButtonLink, Container, PhoneLink } from "../shared/ui.tsx";

/**
 * `home`: the home page's header, whose Get Quote scrolls to its hero (the specification says so); on
 * every other page Get Quote leads to the quote page. So the header is rendered once for each.
 */
export function Header({ content, home }: { content: Content; home: boolean }) {
  return (
    <header
      className="site-header z-40 border-b border-slate-200 bg-white"
      dangerouslySetInnerHTML={renderedOnce(content, home ? "header-home" : "header", () => (
        <HeaderContent content={content} home={home} />
      ))}
    />
  );
}

function HeaderContent({ content, home }: { content: Content; home: boolean }) {
  const { site, services } = content;
  const lists = navMenuLists({ services, suburbs: headerSuburbs(content) });
  return (
    <Container className="header-bar max-w-7xl">
      {/* brand (src/styles/site.css): the name wraps from the first paint as it will beside the buttons,
          which are parsed after the desktop menus, so it does not move when they arrive. */}
      <a href="/" className="flex items-center gap-2 font-bold text-ink brand">
        <Logo />
        <span className="text-base leading-tight sm:text-lg">{keepLastWordsTogether(site.name)}</span>
      </a>

      <Island
        name="NavMenu"
        props={{ slots: [slotHtml(lists.services), slotHtml(lists.suburbs)] }}
        hydrate="hover"
      />

      <div className="flex items-center gap-3">
        <PhoneLink
          phone={site.phone}
          className="hidden items-center gap-2 whitespace-nowrap font-semibold text-brand-800 hover:text-brand-900 xl:inline-flex"
          iconClassName="h-4 w-4"
        />
        <ButtonLink
          href={home ? homeSection("home") : QUOTE_PATH}
          className="whitespace-nowrap max-sm:hidden"
        >
          Get Quote
        </ButtonLink>
        {/* Below 1280 px the number would not fit: a button beside the menu's, named by it. */}
        <PhoneLink
          phone={site.phone}
          prefix="Call "
          srOnly="text"
          iconClassName="h-5 w-5"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-accent-700 text-white hover:bg-accent-800 forced-colors:border xl:hidden"
        />
        <Island
          name="MobileMenu"
          props={home ? { phone: site.phone } : { phone: site.phone, quote: QUOTE_PATH }}
        />
      </div>
    </Container>
  );
}

/**
 * On a phone the name wraps beside the call and menu buttons: as "Jacaranda / Cleaning Co.", never leaving
 * "Co." alone on a line.
 */
const keepLastWordsTogether = (name: string) => name.replace(/ (\S+)$/, "\u00a0$1");

/**
 * The brand mark: the same drawing as the favicon (content/images/icon.svg), one file the browser caches for
 * every page.
 */
export function Logo() {
  return <img src={ICON_SVG} alt="" width={36} height={36} className="h-9 w-9 shrink-0" />;
}
