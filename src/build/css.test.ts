/** The one-pass reading of a page's markup that decides its CSS and icons. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { classNames, scanMarkup } from "./css.ts";

describe("scanMarkup", () => {
  it("reads classes, rare elements, input types, islands and icons, even when one token ends where the next begins", () => {
    const tokens = scanMarkup(
      '<details><summary class="cursor-pointer font-medium">Sources</summary></details>' +
        '<table class="w-full"><tr><td class="px-4">x</td></tr></table>' +
        '<div data-island="QuoteForm" data-hydrate="hover" class="contents"><input type="email" class="border"/></div>' +
        '<svg class="icon"><use href="#i-phone"></use></svg><hr/>',
    );
    expect(tokens.classAttrs).toEqual(["cursor-pointer font-medium", "w-full", "px-4", "contents", "border", "icon"]);
    expect([...tokens.elements].sort()).toEqual(["<hr>", "<input type=email>", "<summary>", "<table>"]);
    expect([...tokens.islands]).toEqual(["QuoteForm"]);
    expect([...tokens.icons]).toEqual(["phone"]);
  });

  it("splits class values once per distinct value and decodes &amp;", () => {
    const seen = new Set<string>();
    expect([...classNames(["a  b", "[&amp;>p]:mt-2"], seen)]).toEqual(["a", "b", "[&>p]:mt-2"]);
    expect([...classNames(["a  b", "c"], seen)]).toEqual(["c"]);
  });

  it("finds every class attribute a plain search finds, on every built page", () => {
    const pages = (readdirSync(DIST_DIR, { recursive: true }) as string[]).filter((f) => f.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(30);
    for (const file of pages) {
      const html = readFileSync(path.join(DIST_DIR, file), "utf8");
      const plain = [...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]);
      expect(scanMarkup(html).classAttrs, file).toEqual(plain);
    }
  });
});
