/**
 * Renders and writes every page on this thread, while a helper thread makes
 * the pages' folders. (A pool of render threads did not pay on the two-core
 * machines this builds on: docs/decisions/0008-one-render-thread.md.)
 *
 * Two phases, because a page's CSS depends on every page of its kind:
 * render (each page's HTML kept as bytes, its new class names collected),
 * then write (each page with its kind's CSS inlined).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Content } from "../content/content.ts";
import { outputFile, routes, type Route, type RouteKind } from "../content/routes.ts";
import { CSS_PLACEHOLDER } from "../templates/Layout.tsx";
import {
  aboveTheFold,
  classesInIsland,
  classNames,
  firstPaintTokens,
  FOLDED_KINDS,
  scanMarkup,
} from "./css.ts";
import { renderPage, type RenderOptions, type SharedPiece } from "./render.tsx";

/** Progress is reported after every this many pages. */
const BATCH = 50;

interface WriteInput {
  /** The folder pages are written into; each page's own folder in it exists already. */
  dir: string;
  /** The CSS inlined in each kind's pages: all of it, or for a folded kind its first screen's. */
  css: Partial<Record<RouteKind, string>>;
  /** For a folded kind, the site path of its whole stylesheet, loaded without holding up the first paint. */
  later?: Partial<Record<RouteKind, string>>;
  /** URL of the islands entry script, added to pages that have an island. */
  islandsScript: string;
}

interface WrittenPage {
  route: Route;
  file: string;
  bytes: number;
}

const STYLE_END = "</style>";
const BODY_END = "</body></html>";

/**
 * For a folded kind, its whole stylesheet, last in the body: a stylesheet the body holds blocks no paint
 * of what comes before it (HTML's render-blocking rules let only the head's block rendering; Chromium
 * since 69, https://www.chromestatus.com/feature/5696805480169472, as Safari and Firefox), so the first
 * screen paints with the inline CSS, and the rest is styled when it arrives, with or without script.
 */
const laterLink = (href: string | undefined) => (href ? `<link rel="stylesheet" href="${href}"/>` : "");

/** Renders pages and keeps their HTML until it is told the CSS. */
class PageRenderer {
  /**
   * Each page as UTF-8 bytes around where its CSS and script go. React's
   * output is a rope of thousands of small strings; keeping thousands of those
   * alive made the garbage collector's work grow faster than the page count,
   * while bytes outside the JavaScript heap cost it nothing.
   */
  private pages: { route: Route; head: Buffer; beforeHeadEnd: Buffer; rest: Buffer[]; island: boolean }[] =
    [];
  private bodyEnd = Buffer.from(BODY_END);
  /** Each shared piece (header, footer, sprite) as bytes, encoded once. */
  private pieceBytes = new Map<SharedPiece, Buffer>();
  /**
   * Class names and element tokens (see MarkupTokens) by page kind: the pages' own and those their islands
   * may add.
   */
  readonly classesByKind = new Map<RouteKind, Set<string>>();
  /** For a folded kind (FOLDED_KINDS): the class names and element tokens of its pages' first screens. */
  readonly firstScreenByKind = new Map<RouteKind, Set<string>>();
  private islandTokens = new Map<string, Set<string>>();
  /** Class attribute values already split, and pieces already read, by kind. */
  private classAttrs = new Map<RouteKind, Set<string>>();
  private piecesRead = new Map<RouteKind, Set<SharedPiece>>();

  constructor(
    private content: Content,
    private options: RenderOptions,
  ) {}

  render(route: Route): void {
    const { top, parts, tokens, pieces } = renderPage(route, this.content, this.options);
    const last = parts.at(-1);
    if (typeof last !== "string" || !last.endsWith(BODY_END))
      throw new Error(`${route.path}: the page does not end with ${BODY_END}`);
    parts[parts.length - 1] = last.slice(0, -BODY_END.length);
    const cssAt = top.indexOf(CSS_PLACEHOLDER);
    const styleEnd = cssAt + CSS_PLACEHOLDER.length;
    const headEnd = top.indexOf("</head>");
    if (cssAt < 0 || headEnd < cssAt || !top.startsWith(STYLE_END, styleEnd))
      throw new Error(`${route.path}: the page has no CSS placeholder in a <style> in its <head>`);
    this.pages.push({
      route,
      head: Buffer.from(top.slice(0, cssAt)),
      beforeHeadEnd: Buffer.from(top.slice(styleEnd + STYLE_END.length, headEnd)),
      rest: [
        Buffer.from(top.slice(headEnd)),
        ...parts.map((part) => (typeof part === "string" ? Buffer.from(part) : this.bytesOf(part))),
      ],
      island: tokens.islands.size > 0,
    });
    const kind = route.kind;
    let seen = this.classesByKind.get(kind);
    if (!seen) this.classesByKind.set(kind, (seen = new Set()));
    let attrs = this.classAttrs.get(kind);
    if (!attrs) this.classAttrs.set(kind, (attrs = new Set()));
    let read = this.piecesRead.get(kind);
    if (!read) this.piecesRead.set(kind, (read = new Set()));
    const found = [
      classNames(tokens.classAttrs, attrs),
      tokens.elements,
      ...[...tokens.islands].map((name) => this.tokensOfIsland(name)),
    ];
    for (const piece of pieces) {
      if (read.has(piece)) continue;
      read.add(piece);
      found.push(classNames(piece.tokens.classAttrs, attrs));
    }
    for (const set of found) for (const c of set) seen.add(c);
    if (FOLDED_KINDS.has(kind)) {
      const body = parts.map((part) => (typeof part === "string" ? part : part.html)).join("");
      const first = scanMarkup(aboveTheFold(body));
      let screen = this.firstScreenByKind.get(kind);
      if (!screen) this.firstScreenByKind.set(kind, (screen = new Set()));
      for (const c of firstPaintTokens([...classNames(first.classAttrs), ...first.elements])) screen.add(c);
    }
  }

  private bytesOf(piece: SharedPiece): Buffer {
    let bytes = this.pieceBytes.get(piece);
    if (!bytes) this.pieceBytes.set(piece, (bytes = Buffer.from(piece.html)));
    return bytes;
  }

  private tokensOfIsland(name: string): Set<string> {
    let tokens = this.islandTokens.get(name);
    if (!tokens) this.islandTokens.set(name, (tokens = classesInIsland(name)));
    return tokens;
  }

  write({ dir, css, later = {}, islandsScript }: WriteInput): WrittenPage[] {
    const written: WrittenPage[] = [];
    const cssBytes = new Map(
      Object.entries(css).map(([kind, text]) => [kind, Buffer.from(text + STYLE_END)]),
    );
    const laterBytes = new Map(
      Object.entries(later).map(([kind, href]) => [kind, Buffer.from(laterLink(href))]),
    );
    const script = Buffer.from(`<script type="module" src="${islandsScript}"></script>`);
    const none = Buffer.alloc(0);
    for (const { route, ...page } of this.pages) {
      const doc = Buffer.concat([
        page.head,
        cssBytes.get(route.kind) ?? none,
        page.beforeHeadEnd,
        page.island ? script : none,
        ...page.rest,
        laterBytes.get(route.kind) ?? none,
        this.bodyEnd,
      ]);
      const file = outputFile(route);
      writeFileSync(path.join(dir, file), doc);
      written.push({ route, file, bytes: doc.length });
    }
    this.pages = [];
    return written;
  }
}

export interface RenderResult {
  classesByKind: Map<RouteKind, Set<string>>;
  firstScreenByKind: Map<RouteKind, Set<string>>;
  /** Writes every page into `dir` with its kind's CSS; pages in route order. */
  write(input: Omit<WriteInput, "dir">): Promise<WrittenPage[]>;
  /** Stops the folder thread; call it whether or not write ran. */
  close(): Promise<void>;
}

export interface RenderPagesOptions {
  /** The folder the pages will be written into. */
  dir: string;
  /** Called as pages finish rendering: done of total. */
  onProgress?: (done: number, total: number) => void;
}

export async function renderPages(
  content: Content,
  options: RenderOptions,
  { dir, onProgress }: RenderPagesOptions,
): Promise<RenderResult> {
  const all = routes(content);
  const total = all.length;
  const folders = createFolders(dir, all);
  const renderer = new PageRenderer(content, options);
  try {
    for (let done = 0; done < total;) {
      renderer.render(all[done++]);
      if (done % BATCH === 0 || done === total) onProgress?.(done, total);
    }
  } catch (error) {
    await folders.stop();
    throw error;
  }

  return {
    classesByKind: renderer.classesByKind,
    firstScreenByKind: renderer.firstScreenByKind,
    async write(input) {
      await folders.done;
      return renderer.write({ ...input, dir });
    },
    close: folders.stop,
  };
}

/**
 * Every page's folder, made on a thread of their own while this one renders:
 * creating thousands of folders is the file system's time, and one after
 * another is fastest (at once, they contend for the parent folder's lock).
 */
function createFolders(dir: string, all: Route[]): { done: Promise<void>; stop: () => Promise<void> } {
  const folders = [...new Set(all.map((r) => path.dirname(path.join(dir, outputFile(r)))))];
  // No execArgv: a build run by tsx (the tests) would have the worker load tsx's hooks for a file that needs
  // none, the better part of a tenth of a second on the other core.
  const worker = new Worker(new URL("./folders-worker.mjs", import.meta.url), {
    workerData: { folders },
    execArgv: [],
  });
  const done = new Promise<void>((resolve, reject) => {
    worker.on("error", reject);
    worker.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`making the page folders failed (exit code ${code})`)),
    );
  });
  done.catch(() => {}); // awaited by write; this only keeps a render error from also being an unhandled rejection
  // After a failed render the build removes its folder: no folder may appear in it after that.
  return { done, stop: async () => void (await worker.terminate()) };
}
