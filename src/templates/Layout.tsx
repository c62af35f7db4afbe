/**
 * The HTML document around every page: head, skip link, header, main (on
 * the pages that sell, with the call bar at its end), footer.
 * The build replaces {@link CSS_PLACEHOLDER} with the CSS this page uses and
 * adds the islands script to pages that have an island.
 */
import type { ReactNode } from "react";
import type { Content } from "../content/content.ts";
import { cn } from "../shared/ui.tsx";
import { CALL_BAR_ROOM, CallBar } from "./CallBar.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { SeoTags } from "./seo/head.tsx";

export const CSS_PLACEHOLDER = "/*__PAGE_CSS__*/";

export interface PageMeta {
  title: string;
  description: string;
  /** The route's path, e.g. "/about-us/". */
  path: string;
  noindex?: boolean;
  /** The page's schema.org JSON-LD (seo/jsonld.ts). */
  jsonLd?: object;
}

export function Layout({
  content,
  meta,
  callBar = false,
  children,
}: {
  content: Content;
  meta: PageMeta;
  callBar?: boolean;
  children: ReactNode;
}) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <style dangerouslySetInnerHTML={{ __html: CSS_PLACEHOLDER }} />
        <SeoTags site={content.site} {...meta} />
      </head>
      <body>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-ink forced-colors:border focus:not-sr-only focus:shadow-lg focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        <Header content={content} home={meta.path === "/"} />
        <main id="main" tabIndex={-1} className={cn("outline-none", callBar && CALL_BAR_ROOM)}>
          {children}
          {callBar && <CallBar content={content} />}
        </main>
        <Footer content={content} />
      </body>
    </html>
  );
}
