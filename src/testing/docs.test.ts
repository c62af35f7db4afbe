/**
 * The README and docs/ as a newcomer follows them: every relative link leads
 * to a file that exists and, with #anchor, to a heading in it (GitHub's
 * slugs); the README stays short enough to read first (under 12 KB).
 */
import { existsSync, globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FILES = ["README.md", ...globSync("docs/**/*.md")];
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
const headings = (file: string) =>
  new Set([...readFileSync(file, "utf8").matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));

describe("the README and docs/", () => {
  it.each(FILES)("%s links only to files and headings that exist", (file) => {
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [where, anchor] = target.split("#");
      const linked = where ? path.normalize(path.join(path.dirname(file), where)) : file;
      if (!existsSync(linked)) broken.push(`${target}: no ${linked}`);
      else if (anchor && linked.endsWith(".md") && !headings(linked).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${linked}`);
    }
    expect(broken).toEqual([]);
  });

  it("keeps the README under 12 KB: what the project is, the two commands, the folders, the owner's tasks, then links", () => {
    expect(readFileSync("README.md").length).toBeLessThan(12 * 1024);
  });

  /**
   * Prose wrapped at 100 columns (Prettier wrapped it once; .prettierignore says why it does not
   * keep it): a longer line is a heading, a table row, code, or one thing that cannot be broken (a
   * link, a code span, an address), alone after its list marker.
   */
  it.each(FILES)("%s keeps its prose to 100 columns", (file) => {
    const UNBREAKABLE = /^\s*(?:[-*] |\d+\. )?\(?(\[[^\]]*\]\([^)]*\)|`[^`]*`|https?:\/\/\S+)[.,:;)]*$/;
    let code = false;
    const wide = readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => {
        if (line.trimStart().startsWith("```")) code = !code;
        else if (!code && line.length > 100 && !/^[#|]/.test(line) && !UNBREAKABLE.test(line))
          return [`${file}:${i + 1} is ${line.length} columns`];
        return [];
      });
    expect(wide).toEqual([]);
  });

  /**
   * A path a doc names (src/…, scripts/…, docs/…) is a file or folder of the repository today; a
   * glob (`static*.ts`) matches one. Named here: what the owner or a tool makes and git ignores.
   */
  it.each(FILES)("%s names only paths that exist", (file) => {
    const MADE_LATER = new Set([
      "content/pricing.yaml", // the owner's optional price table (docs/pricing.md)
      "relay/.dev.vars", // wrangler's local secrets, ignored by git
      "relay/.wrangler", // wrangler's local state, ignored by git
      "relay/.wrangler/state",
      "migrations/NNNN_name.sql", // the pattern a new migration follows
    ]);
    const PATH =
      /(?<![\w/.-])((?:src|scripts|docs|migrations|content|relay|schemas|\.ci|\.vscode)\/[\w.*/-]*[\w*])/g;
    const gone = [...readFileSync(file, "utf8").matchAll(PATH)]
      .map((m) => m[1])
      .filter((p) => !MADE_LATER.has(p) && !existsSync(p) && globSync(p).length === 0);
    expect([...new Set(gone)]).toEqual([]);
  });

  it("lists every decision record in the decisions index", () => {
    const index = readFileSync("docs/decisions/README.md", "utf8");
    const records = globSync("docs/decisions/[0-9]*.md").map((f) => path.basename(f));
    expect(records.filter((r) => !index.includes(`(${r})`))).toEqual([]);
  });
});
