/** Checks on the built dist/ as a whole (the global setup builds it). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { filesIn, htmlErrors } from "../testing/html-validity.ts";
import { loadContent } from "./content/load.ts";
import { routes } from "../content/routes.ts";

describe("dist/", () => {
  /** The CMS's page at /admin/ is the owner's tool, not a page of the site (src/build/cms/admin.ts). */
  const admin = path.join(DIST_DIR, "admin", "index.html");
  const pages = filesIn(DIST_DIR, ".html").filter((file) => file !== admin);

  it("has one page per route plus 404.html, and the editor's page at admin/", () => {
    expect(pages).toHaveLength(routes(loadContent("content")).length);
    expect(pages).toContain(path.join(DIST_DIR, "404.html"));
    expect(filesIn(DIST_DIR, ".html")).toContain(admin);
  });

  it("passes html-validate with no errors", async () => {
    expect(await htmlErrors([...pages, admin])).toEqual([]);
  });

  it("sends every quote link to the quote page (/quote/, a service's own preselected), but the home page's header's, which goes to its hero (id home)", () => {
    const wrong: string[] = [];
    let quoteLinks = 0;
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      const home = path.relative(DIST_DIR, file) === "index.html";
      for (const [, href, text] of html.matchAll(
        /<a [^>]*href="([^"]*)"[^>]*>((?:(?!<\/a>)[\s\S])*?)<\/a>/g,
      )) {
        const words = text.replace(/<[^>]+>/g, "").trim();
        if (!/^get (a |my )?(free )?quote$/i.test(words)) continue;
        quoteLinks++;
        // The specification: the home page's Get A Quote button scrolls to the section with id home.
        const expected = home && words === "Get Quote" ? /^\/#home$/ : /^\/quote\/(\?service=[a-z-]+)?$/;
        if (!expected.test(href)) wrong.push(`${path.relative(DIST_DIR, file)}: "${words}" → ${href}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(quoteLinks).toBeGreaterThan(pages.length);
  });
});
