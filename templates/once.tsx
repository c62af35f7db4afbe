/**
 * Markup that is the same on every page, rendered once per content and then
 * reused as HTML. The header's and footer's insides were a third of each
 * suburb page's render; with thousands of suburbs that is seconds of build.
 * A new Content (a rebuild after an edit) renders them afresh.
 */
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { renderToString } from "react-dom/server";
import type { Content } from "../src/content/load.ts";

interface Rendered {
  html: string;
  /** Images React would have preloaded from the page's head. */
  images: string[];
}

const rendered = new WeakMap<Content, Map<string, Rendered>>();

/** `render()`'s HTML, from the first call for this content and key; for dangerouslySetInnerHTML. */
export function renderedOnce(content: Content, key: string, render: () => ReactNode): { __html: string } {
  let byKey = rendered.get(content);
  if (!byKey) rendered.set(content, (byKey = new Map()));
  let once = byKey.get(key);
  if (!once) byKey.set(key, (once = renderApart(render())));
  // Asked for again in this page's render, so they go where React puts them: its <head>, once.
  for (const href of once.images) preload(href, { as: "image" });
  return { __html: once.html };
}

const IMAGE_PRELOAD = /^<link rel="preload" as="image" href="([^"]+)"\/>/;

function renderApart(node: ReactNode): Rendered {
  // renderToString, not renderToStaticMarkup: the islands inside hydrate, and need its text separators.
  let html = renderToString(node);
  // Without a document around it, React puts the preloads it hoists at the start of the fragment.
  const images: string[] = [];
  for (let m = IMAGE_PRELOAD.exec(html); m; m = IMAGE_PRELOAD.exec(html)) {
    images.push(m[1].replaceAll("&amp;", "&"));
    html = html.slice(m[0].length);
  }
  if (html.startsWith("<link")) throw new Error(`renderedOnce: React hoisted a resource it cannot carry to the page: ${html.slice(0, html.indexOf(">") + 1)}`);
  return { html, images };
}
