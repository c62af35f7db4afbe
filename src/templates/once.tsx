/**
 * Markup that is the same on every page (the header's and footer's insides),
 * rendered once per content. The page's own render leaves a mark where it
 * goes, and the build splices it in (src/build/render.tsx): with thousands of
 * suburb pages, rendering, reading and encoding the same 14 KB again for each
 * page was a third of the build. A new Content (a rebuild after an edit)
 * renders them afresh.
 */
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { renderToString } from "react-dom/server";
import type { Content } from "../content/content.ts";

export interface RenderedOnce {
  html: string;
  /** Images React would have preloaded from the page's head. */
  images: string[];
}

const rendered = new WeakMap<Content, Map<string, RenderedOnce>>();

/**
 * The mark a page's HTML carries where the piece called `key` goes. Text React renders can never contain it:
 * it escapes "<".
 */
const onceMark = (key: string) => `<!--once:${key}-->`;
export const ONCE_MARK = /<!--once:([\w-]+)-->/g;

/**
 * For dangerouslySetInnerHTML: renders `render()` the first time for this content and key, and marks its
 * place.
 */
export function renderedOnce(content: Content, key: string, render: () => ReactNode): { __html: string } {
  let byKey = rendered.get(content);
  if (!byKey) rendered.set(content, (byKey = new Map()));
  let once = byKey.get(key);
  if (!once) byKey.set(key, (once = renderApart(render())));
  // Asked for again in this page's render, so they go where React puts them: its <head>, once.
  for (const href of once.images) preload(href, { as: "image" });
  return { __html: onceMark(key) };
}

/** The piece a page's mark stands for. */
export function renderedPiece(content: Content, key: string): RenderedOnce {
  const once = rendered.get(content)?.get(key);
  if (!once) throw new Error(`no piece "${key}" was rendered for this content`);
  return once;
}

const IMAGE_PRELOAD = /^<link rel="preload" as="image" href="([^"]+)"\/>/;

function renderApart(node: ReactNode): RenderedOnce {
  // renderToString, not renderToStaticMarkup: the islands inside hydrate, and need its text separators.
  let html = renderToString(node);
  // Without a document around it, React puts the preloads it hoists at the start of the fragment.
  const images: string[] = [];
  for (let m = IMAGE_PRELOAD.exec(html); m; m = IMAGE_PRELOAD.exec(html)) {
    images.push(m[1].replaceAll("&amp;", "&"));
    html = html.slice(m[0].length);
  }
  if (html.startsWith("<link"))
    throw new Error(
      `renderedOnce: React hoisted a resource it cannot carry to the page: ${html.slice(0, html.indexOf(">") + 1)}`,
    );
  return { html, images };
}
