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
import { classesInIsland, islandsIn } from "./css.ts";

export interface RenderOptions {
  /** Where the quote and contact forms post: the relay. */
  formActions: { quote: string; contact: string };
}

export function renderRoute(route: Route, content: Content, options: RenderOptions): string {
  const { meta, body } = page(route, content, options);
  const html = renderToString(<Layout content={content} meta={{ ...meta, jsonLd: structuredData(route, content) }}>{body}</Layout>);
  return "<!DOCTYPE html>" + html.replace("<body>", () => `<body>${iconSprite(iconsOf(html))}`);
}

/** The icons a page shows: those in its HTML, and those its islands may show after they wake. */
function iconsOf(html: string): Set<IconName> {
  const names = new Set<IconName>();
  for (const m of html.matchAll(/<use href="#i-(\w+)"/g)) names.add(m[1] as IconName);
  for (const island of islandsIn(html)) for (const name of iconsOfIsland(island)) names.add(name);
  return names;
}

const islandIcons = new Map<string, IconName[]>();
function iconsOfIsland(island: string): IconName[] {
  let names = islandIcons.get(island);
  if (!names) islandIcons.set(island, (names = [...classesInIsland(island)].filter((t): t is IconName => ICON_NAMES.has(t as IconName))));
  return names;
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
