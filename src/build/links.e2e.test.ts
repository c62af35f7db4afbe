import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "./content/load.ts";
import { routes } from "../content/routes.ts";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { checkLinks } from "../testing/links.ts";

describe("links in dist/", () => {
  it("every href and src resolves to a file, and every #fragment to an id on its page", () => {
    const content = loadContent("content");
    const { checked, broken } = checkLinks(DIST_DIR, content.site.url);
    expect(broken).toEqual([]);
    // Every page has a header, footer and head of links: far more than a few hundred.
    expect(checked).toBeGreaterThan(routes(content).length * 40);
  });
});

describe("the link checker", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "links-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports a missing file, a missing id and a missing own-site image, and skips other sites", () => {
    mkdirSync(path.join(dir, "about"), { recursive: true });
    writeFileSync(path.join(dir, "about", "index.html"), '<h2 id="team">Team</h2><a href="/#top">up</a>');
    writeFileSync(
      path.join(dir, "index.html"),
      [
        '<p id="top"></p>',
        '<a href="/about/">ok</a><a href="/about/#team">ok</a><a href="about/">ok, relative</a><a href="#top">ok</a>',
        '<a href="/gone/">broken</a><a href="/about/#nobody">broken</a><img src="/images/x.png">',
        '<meta property="og:image" content="https://www.example.com/images/og.png">',
        '<a href="https://elsewhere.example.org/nope">skipped</a><a href="tel:+61400000000">skipped</a>',
      ].join(""),
    );
    const { checked, broken } = checkLinks(dir, "https://www.example.com");
    expect(checked).toBe(9);
    expect(broken).toEqual([
      "index.html: /gone/ → no file for /gone/",
      'index.html: /about/#nobody → no element with id "nobody" on /about/',
      "index.html: /images/x.png → no file for /images/x.png",
      "index.html: https://www.example.com/images/og.png → no file for /images/og.png",
    ]);
  });
});
