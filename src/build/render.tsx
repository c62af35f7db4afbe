/** Renders one route to a complete HTML document (without its CSS and scripts, which the build adds). */
import { renderToString } from "react-dom/server";
import type { Content } from "../content/load.ts";
import type { Route } from "../routes.ts";
import { Layout, type PageMeta } from "../../templates/Layout.tsx";
import { AboutPage } from "../../templates/pages/AboutPage.tsx";
import { ContactPage } from "../../templates/pages/ContactPage.tsx";
import { HomePage } from "../../templates/pages/HomePage.tsx";
import { NotFoundPage } from "../../templates/pages/NotFoundPage.tsx";
import { ServicePage } from "../../templates/pages/ServicePage.tsx";
import { SuburbPage } from "../../templates/pages/SuburbPage.tsx";
import { structuredData } from "../seo/jsonld.ts";
import { ICON_NAMES, iconSprite, type IconName } from "../../templates/icons.tsx";
import { classesInIsland, scanMarkup, type MarkupTokens } from "./css.ts";

export interface RenderOptions {
  /** Where the quote and contact forms post: the relay. */
  formActions: { quote: string; contact: string };
}

/** A page's HTML and what the build needs to know of it, read in one pass. */
export interface RenderedPage {
  html: string;
  tokens: MarkupTokens;
}

export function renderRoute(route: Route, content: Content, options: RenderOptions): string {
  return renderPage(route, content, options).html;
}

export function renderPage(route: Route, content: Content, options: RenderOptions): RenderedPage {
  const { meta, body } = page(route, content, options);
  const html = renderToString(<Layout content={content} meta={{ ...meta, jsonLd: structuredData(route, content) }}>{body}</Layout>);
  const tokens = scanMarkup(html);
  const sprite = spriteFor(iconsOf(tokens));
  for (const value of sprite.tokens.classAttrs) tokens.classAttrs.push(value);
  return { html: "<!DOCTYPE html>" + html.replace("<body>", () => `<body>${sprite.html}`), tokens };
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
  if (!names) islandIcons.set(island, (names = [...classesInIsland(island)].filter((t): t is IconName => ICON_NAMES.has(t as IconName))));
  return names;
}

/** Pages of a kind draw the same icons: each set's sprite is drawn and read once. */
const sprites = new Map<string, { html: string; tokens: MarkupTokens }>();
function spriteFor(icons: Set<IconName>) {
  const key = [...icons].sort().join(" ");
  let sprite = sprites.get(key);
  if (!sprite) {
    const html = iconSprite(icons);
    sprites.set(key, (sprite = { html, tokens: scanMarkup(html) }));
  }
  return sprite;
}

function page(route: Route, content: Content, { formActions }: RenderOptions): { meta: PageMeta; body: React.ReactNode } {
  const path = route.path;
  switch (route.kind) {
    case "home":
      return { meta: { ...content.home.seo, path }, body: <HomePage content={content} formAction={formActions.quote} /> };
    case "service":
      return { meta: { ...route.service.seo, path }, body: <ServicePage content={content} service={route.service} /> };
    case "about":
      return { meta: { ...content.about.seo, path }, body: <AboutPage content={content} /> };
    case "contact":
      return { meta: { ...content.contact.seo, path }, body: <ContactPage content={content} formAction={formActions.contact} /> };
    case "suburb":
      return { meta: { ...route.suburb.seo, path }, body: <SuburbPage content={content} suburb={route.suburb} /> };
    case "notFound":
      return {
        meta: { title: `Page not found | ${content.site.name}`, description: "The page you were looking for has moved or never existed.", path, noindex: true },
        body: <NotFoundPage />,
      };
  }
}
