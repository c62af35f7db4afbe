/**
 * The CSS cache (cssFor, decision 0084): a stylesheet compiled once is served from .cache/css/ without
 * Tailwind, and a change to anything it is made from (the stylesheet or a file it imports, the brand's
 * colours in content/, the classes and elements a kind of page uses, a tool's version, the code that
 * compiles it) gives new CSS.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cssFor, cssInputs, cssKey, STYLESHEET } from "./css.ts";
import { brandTheme } from "./brand.ts";
import { loadContent } from "./content/load.ts";
import { ROOT } from "./precompile.mjs";

/** What a cached file is replaced with, to tell a served entry from a compiled one. */
const MARK = "/* from the cache */";

describe("the CSS cache", () => {
  // Inside the repository (.cache/ is git-ignored), so the stylesheet's `@import "tailwindcss"` resolves.
  mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, ".cache", "css-test-"));
  const cacheDir = path.join(dir, "cache");
  const stylesheet = path.join(dir, "site.css");
  const extra = path.join(dir, "extra.css");
  copyFileSync(STYLESHEET, stylesheet);
  writeFileSync(stylesheet, `${readFileSync(stylesheet, "utf8")}\n@import "./extra.css";\n`);
  writeFileSync(extra, ".owner-note { color: #010203; }\n");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const colours = loadContent("content").site.colours;
  let theme = brandTheme(colours);
  const tokens = ["p-4", "text-brand-700", "<input type=text>"];
  const css = (t = tokens) => cssFor(t, { theme, cacheDir, stylesheet });
  /** Marks every cached file, so an answer that is not the mark was compiled afresh. */
  const markAll = () => {
    for (const f of readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, f), MARK);
  };

  it("keeps each stylesheet it compiles, and serves it from there next time", async () => {
    const first = await css();
    expect(first).toContain(".p-4{");
    expect(first).toContain("#010203");
    expect(readdirSync(cacheDir)).toEqual([`${cssKey(cssInputs(tokens, theme, stylesheet))}.css`]);
    expect(readFileSync(path.join(cacheDir, readdirSync(cacheDir)[0]), "utf8")).toBe(first);
    markAll();
    expect(await css()).toBe(MARK);
    // The order tokens come in, and repeats, make no other stylesheet.
    expect(await css([...tokens].reverse().concat("p-4"))).toBe(MARK);
  });

  it("gives new CSS when a class or element token in use changes", async () => {
    markAll();
    const more = await css([...tokens, "m-2"]);
    expect(more).toContain(".m-2{");
    const fewer = await css(["p-4", "text-brand-700"]);
    expect(fewer).not.toBe(MARK);
    expect(await css([...tokens, "<table>"])).not.toBe(MARK);
  });

  it("gives new CSS when the brand's colours in content/ change", async () => {
    markAll();
    expect(await css()).toBe(MARK);
    theme = brandTheme({ ...colours, brand: { ...colours.brand, shade700: "#123456" } });
    const recoloured = await css();
    expect(recoloured).toContain(".text-brand-700{color:#123456}");
    theme = brandTheme(colours);
  });

  it("gives new CSS when the stylesheet or a file it imports changes", async () => {
    markAll();
    writeFileSync(
      stylesheet,
      readFileSync(stylesheet, "utf8").replace("--color-ink: #0f172a", "--color-ink: #123456"),
    );
    expect(await css(["text-ink"])).toContain("#123456");
    markAll();
    writeFileSync(extra, ".owner-note { color: #040506; }\n");
    const reimported = await css();
    expect(reimported).toContain("#040506");
    expect(reimported).not.toContain("#010203");
  });

  it("keys each stylesheet by the installed tools' versions and by the code that compiles it", () => {
    const inputs = cssInputs(tokens, theme, stylesheet);
    const installed = (name: string) =>
      JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
    expect(inputs.tools).toEqual({
      tailwindcss: installed("tailwindcss"),
      "@tailwindcss/node": installed("@tailwindcss/node"),
      lightningcss: installed("lightningcss"),
    });
    expect(inputs.code).toBe(readFileSync(path.join(ROOT, "src/build/css.ts"), "utf8"));
    const key = cssKey(inputs);
    for (const tool of Object.keys(inputs.tools))
      expect(
        cssKey({ ...inputs, tools: { ...inputs.tools, [tool]: `${inputs.tools[tool]}-next` } }),
      ).not.toBe(key);
    expect(cssKey({ ...inputs, code: `${inputs.code}\n// polyfills changed` })).not.toBe(key);
  });
});
