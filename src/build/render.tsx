/** Renders one route to an HTML document (without its CSS and scripts, which the build adds). */
import { renderToString } from "react-dom/server";
import type { Content } from "../content/content.ts";
import { hasCallBar, type Route } from "../content/routes.ts";
import { Layout, type PageMeta } from "../templates/Layout.tsx";
import { AboutPage } from "../templates/pages/AboutPage.tsx";
import { ContactPage } from "../templates/pages/ContactPage.tsx";
import { HomePage } from "../templates/pages/HomePage.tsx";
import { NotFoundPage } from "../templates/pages/NotFoundPage.tsx";
import { PrivacyPage } from "../templates/pages/PrivacyPage.tsx";
import { QuotePage } from "../templates/pages/QuotePage.tsx";
import { ServicePage } from "../templates/pages/ServicePage.tsx";
import { SuburbPage } from "../templates/pages/SuburbPage.tsx";
import { TermsPage } from "../templates/pages/TermsPage.tsx";
import { structuredData } from "../templates/seo/jsonld.ts";
import { ICON_NAMES, iconSprite, type IconName } from "../shared/icons.tsx";
import { ONCE_MARK, renderedPiece, type RenderedOnce } from "../templates/once.tsx";
import { classesInIsland, scanMarkup, type MarkupTokens } from "./css.ts";

export interface RenderOptions {
  /** Where the quote and contact forms post: the relay. */
  formActions: { quote: string; contact: string };
  /** Days the relay keeps what a visitor typed (LEADS_RETENTION_DAYS), for the privacy policy. */
  retentionDays: number;
}

/** Markup many pages share (the header's and footer's insides, an icon sprite): one string, read once. */
export interface SharedPiece {
  html: string;
  tokens: MarkupTokens;
}

/** A page, and what the build needs to know of it. */
export interface RenderedPage {
  /** The page up to and including `<body>`: its head, which holds the CSS placeholder. */
  top: string;
  /** The rest in order: the page's own markup, and the shared pieces within it. */
  parts: (string | SharedPiece)[];
  /**
   * Read from the page's own markup, plus the islands, icons and elements of its pieces (their class names
   * are in each piece's tokens).
   */
  tokens: MarkupTokens;
  pieces: SharedPiece[];
}

/** The whole HTML document of a route (without its CSS and scripts, which the build adds). */
export function renderRoute(route: Route, content: Content, options: RenderOptions): string {
  const { top, parts } = renderPage(route, content, options);
  return top + parts.map((part) => (typeof part === "string" ? part : part.html)).join("");
}

export function renderPage(route: Route, content: Content, options: RenderOptions): RenderedPage {
  const { meta, body } = page(route, content, options);
  const html = renderToString(
    <Layout
      content={content}
      meta={{ ...meta, jsonLd: structuredData(route, content) }}
      callBar={hasCallBar(route)}
    >
      {body}
    </Layout>,
  );
  const tokens = scanMarkup(html);

  const bodyAt = html.indexOf("<body>") + "<body>".length;
  const parts: RenderedPage["parts"] = [];
  const pieces: SharedPiece[] = [];
  let from = bodyAt;
  for (const m of html.matchAll(ONCE_MARK)) {
    const piece = sharedPiece(content, m[1]);
    parts.push(html.slice(from, m.index), piece);
    pieces.push(piece);
    from = m.index + m[0].length;
  }
  parts.push(html.slice(from));
  for (const piece of pieces) {
    for (const name of piece.tokens.islands) tokens.islands.add(name);
    for (const name of piece.tokens.icons) tokens.icons.add(name);
    for (const element of piece.tokens.elements) tokens.elements.add(element);
  }
  const sprite = spriteFor(iconsOf(tokens));
  pieces.push(sprite);
  return { top: "<!DOCTYPE html>" + html.slice(0, bodyAt), parts: [sprite, ...parts], tokens, pieces };
}

const pieces = new WeakMap<RenderedOnce, SharedPiece>();
function sharedPiece(content: Content, key: string): SharedPiece {
  const once = renderedPiece(content, key);
  let piece = pieces.get(once);
  if (!piece) pieces.set(once, (piece = { html: once.html, tokens: scanMarkup(once.html) }));
  return piece;
}

/** The icons a page shows: those in its HTML, and those its islands may show after they wake. */
function iconsOf(tokens: MarkupTokens): Set<IconName> {
  const names = new Set<IconName>();
  for (const name of tokens.icons) names.add(name as IconName);
  for (const island of tokens.islands) for (const name of iconsOfIsland(island)) names.add(name);
  return names;
}

const islandIcons = new Map<string, IconName[]>();
function iconsOfIsland(island: string): IconName[] {
  let names = islandIcons.get(island);
  if (!names)
    islandIcons.set(
      island,
      (names = [...classesInIsland(island)].filter((t): t is IconName => ICON_NAMES.has(t as IconName))),
    );
  return names;
}

/** Pages of a kind draw the same icons: each set's sprite is drawn and read once. */
const sprites = new Map<string, SharedPiece>();
function spriteFor(icons: Set<IconName>): SharedPiece {
  const key = [...icons].sort().join(" ");
  let sprite = sprites.get(key);
  if (!sprite) {
    const html = iconSprite(icons);
    sprites.set(key, (sprite = { html, tokens: scanMarkup(html) }));
  }
  return sprite;
}

function page(
  route: Route,
  content: Content,
  { formActions, retentionDays }: RenderOptions,
): { meta: PageMeta; body: React.ReactNode } {
  const path = route.path;
  switch (route.kind) {
    case "home":
      return {
        meta: { ...content.home.seo, path },
        body: <HomePage content={content} formAction={formActions.quote} />,
      };
    case "service":
      return {
        meta: { ...route.service.seo, path },
        body: <ServicePage content={content} service={route.service} />,
      };
    case "about":
      return { meta: { ...content.about.seo, path }, body: <AboutPage content={content} /> };
    case "contact":
      return {
        meta: { ...content.contact.seo, path },
        body: <ContactPage content={content} formAction={formActions.contact} />,
      };
    case "quote":
      return {
        meta: { ...content.quote.seo, path },
        body: <QuotePage content={content} formAction={formActions.quote} />,
      };
    case "suburb":
      return {
        meta: { ...route.suburb.seo, path },
        body: <SuburbPage content={content} suburb={route.suburb} />,
      };
    case "privacy":
      return {
        meta: { ...content.privacy.seo, path },
        body: <PrivacyPage content={content} retentionDays={retentionDays} />,
      };
    case "terms":
      return { meta: { ...content.terms.seo, path }, body: <TermsPage content={content} /> };
    case "notFound":
      return {
        meta: {
          title: `Page not found | ${content.site.name}`,
          description: "The page you were looking for has moved or never existed.",
          path,
          noindex: true,
        },
        body: <NotFoundPage />,
      };
  }
}
