/**
 * renderPages writes every page with its kind's CSS and the islands script, and reports progress to the end.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "./content/load.ts";
import { renderDefaults } from "./build.ts";
import { cssFor } from "./css.ts";
import { brandTheme } from "./brand.ts";
import { renderPages } from "./render-pages.ts";

describe("renderPages", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "render-pages-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const content = loadContent("content");

  it("writes every page in route order with its CSS and script, reporting progress in batches to the end", async () => {
    const progress: number[] = [];
    const result = await renderPages(content, renderDefaults(), {
      dir,
      onProgress: (done) => progress.push(done),
    });
    let pages;
    try {
      const css: Record<string, string> = {};
      const theme = brandTheme(content.site.colours);
      for (const [kind, classes] of result.classesByKind) css[kind] = await cssFor(classes, { theme });
      pages = await result.write({ css, islandsScript: "/assets/islands-TEST.js" });
    } finally {
      await result.close();
    }
    expect(pages[0].file).toBe("index.html");
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(pages.length);
    const home = readFileSync(path.join(dir, "index.html"), "utf8");
    expect(
      home.includes('<script type="module" src="/assets/islands-TEST.js"></script></head>'),
      "island script before </head>",
    ).toBe(true);
    const css = home.slice(home.indexOf("<style>") + 7, home.indexOf("</style>"));
    expect(css.length, "inline CSS").toBeGreaterThan(1000);
  });
});
