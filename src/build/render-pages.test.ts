/** The worker pool and this thread render the same site, byte for byte. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "../content/load.ts";
import { DEFAULT_FORM_ACTIONS } from "./build.ts";
import { cssFor } from "./css.ts";
import { renderPages } from "./render-pages.ts";

describe("renderPages", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "render-pages-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const content = loadContent("content");

  async function renderInto(out: string, threads: number) {
    const progress: number[] = [];
    const result = await renderPages(content, { formActions: DEFAULT_FORM_ACTIONS }, { dir: path.join(dir, out), threads, onProgress: (done) => progress.push(done) });
    try {
      const css: Record<string, string> = {};
      for (const [kind, classes] of result.classesByKind) css[kind] = await cssFor(classes);
      const pages = await result.write({ css, islandsScript: "/assets/islands-TEST.js" });
      return { pages, progress };
    } finally {
      await result.close();
    }
  }

  it("writes identical pages on two worker threads as on this thread, and reports progress to the end", async () => {
    const one = await renderInto("one", 0);
    const pool = await renderInto("pool", 2);
    expect(pool.pages.map((p) => [p.file, p.bytes])).toEqual(one.pages.map((p) => [p.file, p.bytes]));
    for (const p of one.pages) expect(readFileSync(path.join(dir, "pool", p.file), "utf8"), p.file).toBe(readFileSync(path.join(dir, "one", p.file), "utf8"));
    expect(one.progress.at(-1)).toBe(one.pages.length);
    expect(pool.progress.at(-1)).toBe(pool.pages.length);
    const home = readFileSync(path.join(dir, "pool", "index.html"), "utf8");
    expect(home.includes('<script type="module" src="/assets/islands-TEST.js"></script></head>'), "island script before </head>").toBe(true);
    const css = home.slice(home.indexOf("<style>") + 7, home.indexOf("</style>"));
    expect(css.length, "inline CSS").toBeGreaterThan(1000);
  });
});
