/**
 * Renders and writes every page, on this thread for a small site and on
 * worker threads (one per core) for a large one. Both paths run the same
 * {@link PageRenderer}; the pool only pays once React's render time outweighs
 * starting the workers (~0.3 s each, to load React and the templates).
 *
 * Two phases, because a page's CSS depends on every page of its kind:
 * render (HTML stays where it was rendered; only new class names travel),
 * then write (each renderer inlines its pages' CSS and writes them).
 */
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Content } from "../content/load.ts";
import { outputFile, routes, type Route, type RouteKind } from "../routes.ts";
import { CSS_PLACEHOLDER } from "../../templates/Layout.tsx";
import { classesInIsland, classNames } from "./css.ts";
import { renderPage, type RenderOptions, type SharedPiece } from "./render.tsx";

/** Below this many pages one thread is faster than starting a pool. */
export const POOL_MIN_PAGES = 300;
/**
 * Fewer cores than this and the pool does not pay: V8 collects garbage on
 * helper threads, and a single render thread already keeps a second core
 * busy with them. Measured with `npm run bench -- --threads 2` on 2 cores:
 * two workers took longer than one thread (README, Performance).
 */
export const POOL_MIN_CORES = 4;

const defaultThreads = (pages: number) => (pages >= POOL_MIN_PAGES && availableParallelism() >= POOL_MIN_CORES ? availableParallelism() : 0);
const BATCH = 50;

export interface WriteInput {
  /** The folder pages are written into; each page's own folder in it exists already. */
  dir: string;
  css: Partial<Record<RouteKind, string>>;
  /** URL of the islands entry script, added to pages that have an island. */
  islandsScript: string;
}

export interface RenderedBatch {
  from: number;
  count: number;
  /** Class names and element tokens (see MarkupTokens) this renderer had not reported before, by page kind: the page's own and those its islands may add. */
  classes: Partial<Record<RouteKind, string[]>>;
}

export interface WrittenPage {
  index: number;
  file: string;
  bytes: number;
}

/** Renders routes by index and keeps their HTML until it is told the CSS. */
export class PageRenderer {
  private routes: Route[];
  /**
   * Each page as UTF-8 bytes around where its CSS and script go. React's
   * output is a rope of thousands of small strings; keeping thousands of those
   * alive made the garbage collector's work grow faster than the page count,
   * while bytes outside the JavaScript heap cost it nothing.
   */
  private pages = new Map<number, { head: Buffer; beforeHeadEnd: Buffer; rest: Buffer[]; island: boolean }>();
  /** Each shared piece (header, footer, sprite) as bytes, encoded once. */
  private pieceBytes = new Map<SharedPiece, Buffer>();
  private seen = new Map<RouteKind, Set<string>>();
  private islandTokens = new Map<string, Set<string>>();
  /** Class attribute values already split, and pieces already read, by kind. */
  private classAttrs = new Map<RouteKind, Set<string>>();
  private piecesRead = new Map<RouteKind, Set<SharedPiece>>();

  constructor(
    private content: Content,
    private options: RenderOptions,
  ) {
    this.routes = routes(content);
  }

  render(from: number, to: number): RenderedBatch {
    const classes: RenderedBatch["classes"] = {};
    for (let i = from; i < to; i++) {
      const route = this.routes[i];
      const { top, parts, tokens, pieces } = renderPage(route, this.content, this.options);
      const cssAt = top.indexOf(CSS_PLACEHOLDER);
      const headEnd = top.indexOf("</head>");
      if (cssAt < 0 || headEnd < cssAt) throw new Error(`${route.path}: the page has no CSS placeholder in its <head>`);
      this.pages.set(i, {
        head: Buffer.from(top.slice(0, cssAt)),
        beforeHeadEnd: Buffer.from(top.slice(cssAt + CSS_PLACEHOLDER.length, headEnd)),
        rest: [Buffer.from(top.slice(headEnd)), ...parts.map((part) => (typeof part === "string" ? Buffer.from(part) : this.bytesOf(part)))],
        island: tokens.islands.size > 0,
      });
      const kind = route.kind;
      let seen = this.seen.get(kind);
      if (!seen) this.seen.set(kind, (seen = new Set()));
      let attrs = this.classAttrs.get(kind);
      if (!attrs) this.classAttrs.set(kind, (attrs = new Set()));
      let read = this.piecesRead.get(kind);
      if (!read) this.piecesRead.set(kind, (read = new Set()));
      const found = [classNames(tokens.classAttrs, attrs), tokens.elements, ...[...tokens.islands].map((name) => this.tokensOfIsland(name))];
      for (const piece of pieces) {
        if (read.has(piece)) continue;
        read.add(piece);
        found.push(classNames(piece.tokens.classAttrs, attrs));
      }
      for (const set of found) {
        for (const c of set) {
          if (seen.has(c)) continue;
          seen.add(c);
          (classes[kind] ??= []).push(c);
        }
      }
    }
    return { from, count: to - from, classes };
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

  write({ dir, css, islandsScript }: WriteInput): WrittenPage[] {
    const written: WrittenPage[] = [];
    const cssBytes = new Map(Object.entries(css).map(([kind, text]) => [kind, Buffer.from(text)]));
    const script = Buffer.from(`<script type="module" src="${islandsScript}"></script>`);
    const none = Buffer.alloc(0);
    for (const [index, page] of this.pages) {
      const route = this.routes[index];
      const doc = Buffer.concat([page.head, cssBytes.get(route.kind) ?? none, page.beforeHeadEnd, page.island ? script : none, ...page.rest]);
      const file = outputFile(route);
      writeFileSync(path.join(dir, file), doc);
      written.push({ index, file, bytes: doc.length });
    }
    this.pages.clear();
    return written;
  }
}

export interface RenderResult {
  classesByKind: Map<RouteKind, Set<string>>;
  /** Writes every page into `dir` with its kind's CSS; pages in route order. */
  write(input: Omit<WriteInput, "dir">): Promise<{ route: Route; file: string; bytes: number }[]>;
  /** Stops the render threads; call it whether or not write ran. */
  close(): Promise<void>;
}

export interface RenderPagesOptions {
  /** The folder the pages will be written into. */
  dir: string;
  /** Called as pages finish rendering: done of total. */
  onProgress?: (done: number, total: number) => void;
  /** Worker threads; default one per core on {@link POOL_MIN_CORES} cores or more when the site has {@link POOL_MIN_PAGES} pages or more, else none (this thread renders). */
  threads?: number;
}

export async function renderPages(content: Content, options: RenderOptions, { dir, onProgress, threads }: RenderPagesOptions): Promise<RenderResult> {
  const all = routes(content);
  const total = all.length;
  const folders = createFolders(dir, all);
  const n = Math.min(threads ?? defaultThreads(total), Math.ceil(total / BATCH));
  const renderers: Renderer[] = n <= 1 ? [new LocalRenderer(content, options)] : Array.from({ length: n }, () => new WorkerRenderer(content, options));

  const classesByKind = new Map<RouteKind, Set<string>>();
  let next = 0;
  let done = 0;
  try {
    // Batches are handed out as renderers ask, so no core idles while another has a queue.
    await Promise.all(
      renderers.map(async (r) => {
        while (next < total) {
          const from = next;
          next = Math.min(total, next + BATCH);
          const batch = await r.render(from, next);
          for (const [kind, names] of Object.entries(batch.classes) as [RouteKind, string[]][]) {
            let set = classesByKind.get(kind);
            if (!set) classesByKind.set(kind, (set = new Set()));
            for (const c of names) set.add(c);
          }
          done += batch.count;
          onProgress?.(done, total);
        }
      }),
    );
  } catch (error) {
    await Promise.all([...renderers.map((r) => r.close()), folders.stop()]);
    throw error;
  }

  return {
    classesByKind,
    async write(input) {
      await folders.done;
      const written = (await Promise.all(renderers.map((r) => r.write({ ...input, dir })))).flat();
      written.sort((a, b) => a.index - b.index);
      return written.map((w) => ({ route: all[w.index], file: w.file, bytes: w.bytes }));
    },
    close: async () => void (await Promise.all([...renderers.map((r) => r.close()), folders.stop()])),
  };
}

/**
 * Every page's folder, made on a thread of their own while this one renders:
 * creating thousands of folders is the file system's time, and one after
 * another is fastest (at once, they contend for the parent folder's lock).
 */
function createFolders(dir: string, all: Route[]): { done: Promise<void>; stop: () => Promise<void> } {
  const folders = [...new Set(all.map((r) => path.dirname(path.join(dir, outputFile(r)))))];
  const worker = new Worker(new URL("./folders-worker.mjs", import.meta.url), { workerData: { folders } });
  const done = new Promise<void>((resolve, reject) => {
    worker.on("error", reject);
    worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`making the page folders failed (exit code ${code})`))));
  });
  done.catch(() => {}); // awaited by write; this only keeps a render error from also being an unhandled rejection
  // After a failed render the build removes its folder: no folder may appear in it after that.
  return { done, stop: async () => void (await worker.terminate()) };
}

interface Renderer {
  render(from: number, to: number): Promise<RenderedBatch>;
  write(input: WriteInput): Promise<WrittenPage[]>;
  close(): Promise<void>;
}

class LocalRenderer implements Renderer {
  private r: PageRenderer;
  constructor(content: Content, options: RenderOptions) {
    this.r = new PageRenderer(content, options);
  }
  render = async (from: number, to: number) => this.r.render(from, to);
  write = async (input: WriteInput) => this.r.write(input);
  close = async () => {};
}

/** Runs a TypeScript module (workerData.module) on a worker thread. */
export const TS_WORKER = new URL("./ts-worker.mjs", import.meta.url);

export type WorkerRequest = { render: [number, number] } | { write: WriteInput };
export type WorkerReply = { ok: RenderedBatch | WrittenPage[] } | { error: string };

class WorkerRenderer implements Renderer {
  private worker: Worker;
  private pending?: { resolve: (v: never) => void; reject: (e: Error) => void };

  constructor(content: Content, options: RenderOptions) {
    this.worker = new Worker(TS_WORKER, { workerData: { module: new URL("./render-worker.ts", import.meta.url).href, content, options } });
    this.worker.on("message", (reply: WorkerReply) => {
      const p = this.pending;
      this.pending = undefined;
      if ("error" in reply) p?.reject(new Error(reply.error));
      else p?.resolve(reply.ok as never);
    });
    this.worker.on("error", (e) => this.pending?.reject(e));
    this.worker.on("exit", (code) => this.pending?.reject(new Error(`a render worker exited (code ${code})`)));
  }

  private ask<T>(request: WorkerRequest): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending = { resolve: resolve as (v: never) => void, reject };
      this.worker.postMessage(request);
    });
  }

  render = (from: number, to: number) => this.ask<RenderedBatch>({ render: [from, to] });
  write = (input: WriteInput) => this.ask<WrittenPage[]>({ write: input });
  close = async () => void (await this.worker.terminate());
}
