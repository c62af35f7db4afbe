/** The one-pass reading of a page's markup that decides its CSS and icons, and the CSS it decides. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { classNames, cssFor, scanMarkup } from "./css.ts";
import { brandTheme } from "./brand.ts";
import { loadContent } from "./content/load.ts";

const theme = brandTheme(loadContent("content").site.colours);

describe("scanMarkup", () => {
  it("reads classes, rare elements, input types, islands and icons, even when one token ends where the next begins", () => {
    const tokens = scanMarkup(
      '<details><summary class="cursor-pointer font-medium">Sources</summary></details>' +
        '<table class="w-full"><tr><td class="px-4">x</td></tr></table>' +
        '<div data-island="QuoteForm" data-hydrate="hover" class="contents"><input type="email" class="border"/></div>' +
        '<svg class="icon"><use href="#i-phone"></use></svg><hr/>',
    );
    expect(tokens.classAttrs).toEqual([
      "cursor-pointer font-medium",
      "w-full",
      "px-4",
      "contents",
      "border",
      "icon",
    ]);
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

describe("cssFor", () => {
  it("leaves out resets for elements and input types the pages do not have", async () => {
    const css = await cssFor(["flex", "<input type=text>"], { theme });
    expect(css).toContain(".flex{display:flex}");
    // A selector list loses only the selectors that cannot match: h5 and h6 here.
    expect(css).toContain("h1,h2,h3,h4{font-size:inherit;font-weight:inherit}");
    for (const gone of [
      "table{",
      "sub{",
      "summary{",
      "textarea",
      "optgroup",
      "::file-selector-button",
      "::-webkit-datetime-edit",
      "-spin-button",
      "::-webkit-search",
    ])
      expect(css).not.toContain(gone);
    // An element inside :where() or :not() is not one the selector needs.
    expect(css).toContain(":-moz-focusring:where(:not(iframe)){outline:auto}");
  });

  it("keeps them for pages that have them, and every one for a caller that names no element", async () => {
    const css = await cssFor(["<table>", "<h6>", "<optgroup>", "<input type=number>", "<input type=file>"], {
      theme,
    });
    expect(css).toContain("h1,h2,h3,h4,h6{");
    expect(css).toContain("table{");
    expect(css).toContain(":where(select:is([multiple],[size])) optgroup{");
    expect(css).toContain("::-webkit-inner-spin-button{");
    expect(css).toContain("::file-selector-button{");
    expect(css).not.toContain("::-webkit-datetime-edit");
    expect(await cssFor(["flex"], { theme })).toContain("::-webkit-datetime-edit");
  });

  it("drops a utility whose selector needs an element the pages do not have", async () => {
    const without = await cssFor(["[&_table]:w-full", "file:mr-4", "<input type=text>"], { theme });
    expect(without).not.toContain("w-full");
    expect(without).not.toContain("mr-4");
    const withThem = await cssFor(["[&_table]:w-full", "file:mr-4", "<table>", "<input type=file>"], {
      theme,
    });
    expect(withThem).toContain(".\\[\\&_table\\]\\:w-full table{width:100%}");
    expect(withThem).toContain(".file\\:mr-4::file-selector-button{");
  });

  it("registers (@property) only the custom properties a var() reads, with their initial values", async () => {
    // font-bold sets --tw-font-weight and nothing on this page reads it; border reads --tw-border-style,
    // whose registered initial value (solid) is what draws the border.
    const css = await cssFor(["font-bold", "border", "<input type=text>"], { theme });
    expect(css).toContain(".font-bold{--tw-font-weight:700;font-weight:700}");
    expect(css).not.toContain("@property --tw-font-weight");
    expect(css).toContain("border-style:var(--tw-border-style)");
    expect(css).toMatch(/@property --tw-border-style\{syntax:"\*";inherits:false;initial-value:solid\}/);
    // Without element tokens (no reset pruned), the registrations are pruned all the same.
    expect(await cssFor(["font-bold"], { theme })).not.toContain("@property");
  });
});
