/**
 * Scripts precompiled by esbuild (precompile.mjs, decision 0083): compiled on first use into a module
 * plain Node runs, compiled again after a source changes and only then; and the real build, started
 * as npm starts it, writes the site the other tests read.
 */
import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { unlessCurrent } from "./generated.ts";
import { precompiled, ROOT, sourcesOf } from "./precompile.mjs";

describe("a precompiled script", () => {
  const root = mkdtempSync(path.join(tmpdir(), "precompile-"));
  const project = { root, scripts: { hello: "scripts/hello.ts" } };
  const greeting = path.join(root, "src", "greeting.ts");
  const setGreeting = (text: string) =>
    writeFileSync(greeting, `export const greeting: string = "${text}";\n`);
  /** What the compiled script prints, run by Node with no loader. */
  const run = (file: string) => {
    const ran = spawnSync(process.execPath, [file], { encoding: "utf8" });
    expect(ran.stderr).toBe("");
    return JSON.parse(ran.stdout) as { greeting: string; dir: string };
  };

  beforeAll(() => {
    mkdirSync(path.join(root, "scripts"));
    mkdirSync(path.join(root, "src"));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"));
    writeFileSync(
      path.join(root, "scripts", "hello.ts"),
      'import { greeting } from "../src/greeting.ts";\n' +
        "console.log(JSON.stringify({ greeting, dir: import.meta.dirname }));\n",
    );
    setGreeting("hello");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is compiled on first use into one module plain Node runs, which finds files beside its source", async () => {
    const file = await precompiled("hello", project);
    expect(file).toBe(path.join(root, ".cache", "scripts", "hello", "script.mjs"));
    expect(run(file)).toEqual({ greeting: "hello", dir: path.join(root, "scripts") });
  });

  it("is compiled again after a file it imports changes, and names what it is made from", async () => {
    expect(Object.keys(sourcesOf("hello", "scripts/hello.ts", project)!)).toEqual(
      expect.arrayContaining(["scripts/hello.ts", "src/greeting.ts"]),
    );
    setGreeting("hello again");
    // Changed since the compile: what the script is made from is not known until it is compiled again.
    expect(sourcesOf("hello", "scripts/hello.ts", project)).toBeUndefined();
    expect(run(await precompiled("hello", project)).greeting).toBe("hello again");
    expect(sourcesOf("hello", "scripts/hello.ts", project)).toBeDefined();
  });

  it("is not compiled again when nothing changed, even when a file was saved unchanged", async () => {
    const file = await precompiled("hello", project);
    const compiled = statSync(file).mtimeMs;
    const later = new Date(Date.now() + 60_000);
    utimesSync(greeting, later, later);
    expect(await precompiled("hello", project)).toBe(file);
    expect(statSync(file).mtimeMs).toBe(compiled);
  });

  it("says where a source cannot be read, and keeps the last good script", async () => {
    writeFileSync(greeting, 'export const greeting = "unclosed;\n');
    await expect(precompiled("hello", project)).rejects.toThrow(
      /src\/greeting\.ts:1:\d+: ERROR: Unterminated/,
    );
    setGreeting("fixed");
    expect(run(await precompiled("hello", project)).greeting).toBe("fixed");
  });
});

describe("a file the build writes into the repository (unlessCurrent)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "generated-"));
  const project = { root, scripts: { build: "scripts/build.ts" } };
  const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);
  const made = path.join(root, "made.txt");
  let runs = 0;
  /** Whether the step ran this time. */
  const step = async (scripts: { root: string; scripts: Record<string, string> } = project) => {
    const before = runs;
    await unlessCurrent(
      { module: "src/make.ts", files: [made] },
      () => void (runs++, writeFileSync(made, "made")),
      scripts,
    );
    return runs > before;
  };

  beforeAll(() => {
    mkdirSync(path.join(root, "scripts"));
    mkdirSync(path.join(root, "src"));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"));
    write("scripts/build.ts", 'import "../src/make.ts";\nimport "../src/other.ts";\n');
    write("src/make.ts", 'import { part } from "./part.ts";\nexport const make = () => part;\n');
    write("src/part.ts", 'export const part = "one";\n');
    write("src/other.ts", 'export const other = "one";\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is made when its module, what it imports, or the file itself changed, and only then", async () => {
    expect(await step()).toBe(true); // never compiled: what it is made from is not known
    await precompiled("build", project);
    expect(await step()).toBe(true); // the first time it is known
    expect(await step()).toBe(false);
    writeFileSync(made, "edited by hand");
    expect(await step()).toBe(true);
    expect(readFileSync(made, "utf8")).toBe("made");
    expect(await step()).toBe(false);

    write("src/part.ts", 'export const part = "two";\n');
    expect(await step()).toBe(true); // changed since the compile: made each time until compiled again
    expect(await step()).toBe(true);
    await precompiled("build", project);
    expect(await step()).toBe(true);
    expect(await step()).toBe(false);

    // A module the build has that this file is not made from.
    write("src/other.ts", 'export const other = "two";\n');
    await precompiled("build", project);
    expect(await step()).toBe(false);
  });

  it("is known from any precompiled script that includes its module, the same whichever: npm start builds in the server", async () => {
    // As scripts/serve.ts loads the build for --build.
    write("scripts/serve.ts", 'export const build = () => import("../src/make.ts");\n');
    const withServe = { root, scripts: { ...project.scripts, serve: "scripts/serve.ts" } };
    await precompiled("build", withServe);
    await step(withServe);
    expect(await step(withServe)).toBe(false);

    rmSync(path.join(root, ".cache", "scripts", "build"), { recursive: true });
    expect(await step(withServe)).toBe(true); // the server is not compiled yet: nothing can say
    await precompiled("serve", withServe);
    expect(await step(withServe)).toBe(false); // the stamp the build's compile gave
    write("src/part.ts", 'export const part = "three";\n');
    await precompiled("serve", withServe);
    expect(await step(withServe)).toBe(true);
    expect(await step(withServe)).toBe(false);
  });
});

describe("npm run build's script, precompiled", () => {
  const out = mkdtempSync(path.join(tmpdir(), "precompiled-build-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("runs without tsx and writes, byte for byte, the site the tests build with tsx", () => {
    const site = path.join(out, "site");
    // The bench's build: the same build as npm run build, minus the files it writes into the repository.
    const ran = spawnSync(process.execPath, ["scripts/run.mjs", "bench-build", "content", site], {
      encoding: "utf8",
    });
    expect(ran.stderr).toBe("");
    expect(JSON.parse(ran.stdout.trim().split("\n").pop()!).pages).toBeGreaterThan(30);
    const files = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort();
    expect(files(site)).toEqual(files(DIST_DIR));
    const differ = files(site).filter(
      (f) =>
        statSync(path.join(site, f)).isFile() &&
        !readFileSync(path.join(site, f)).equals(readFileSync(path.join(DIST_DIR, f))),
    );
    expect(differ).toEqual([]);
  });

  it("is what npm start builds with too: serve -- --build, whose precompiled bundle holds the build", async () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts).toMatchObject({
      build: "node scripts/run.mjs build",
      serve: "node scripts/run.mjs serve",
      start: "npm run serve -- --build",
      dev: "node scripts/run.mjs dev",
    });
    await precompiled("serve");
    expect(sourcesOf("serve", "scripts/build-site.ts")).toBeDefined();
  });
});
