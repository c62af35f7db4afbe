/**
 * The dev server's watcher on a temporary folder, driven as people change files: a save by
 * replacing the file (sed -i, vim, JetBrains), then a plain save of the same file (which Node's
 * own recursive fs.watch no longer saw on Linux), a rename, a new and a deleted file, and a
 * `git checkout` of three files (git runs as a second process, hence e2e). Each gives one burst,
 * naming the files the person changed and never the editor's temporary file.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { burstWords, SETTLE_MS, watchSources, type Burst, type Watching } from "./watch.ts";

describe("the dev server's watcher", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "watch-"));
  const content = path.join(dir, "content");
  const src = path.join(dir, "src");
  const bursts: Burst[] = [];
  let watching: Watching;
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: dir });

  beforeAll(async () => {
    mkdirSync(path.join(content, "images"), { recursive: true });
    mkdirSync(src);
    for (const f of ["site.yaml", "suburbs.yaml", "faq.yaml", "home.yaml"])
      writeFileSync(path.join(content, f), `${f}: 1\n`);
    writeFileSync(path.join(src, "page.tsx"), "export {};\n");
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "start");
    watching = await watchSources(content, (b) => bursts.push(b), { srcDir: src });
  });
  afterAll(async () => {
    await watching?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The bursts one change gives, once the files have been quiet well past the settling time. */
  async function burstsOf(change: () => void): Promise<Burst[]> {
    bursts.length = 0;
    change();
    // Bounded: a burst is reported SETTLE_MS after its last event; waiting for a second one that must not come.
    await expect.poll(() => bursts.length, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, SETTLE_MS * 6));
    return [...bursts];
  }
  const file = (name: string) => path.join(content, name);
  const shown = (name: string) => path.relative(process.cwd(), file(name));
  /** A save through a temporary file, as sed -i and many editors do: write it, rename it over. */
  const replace = (name: string, text: string) => {
    writeFileSync(file("sedAb12Cd"), text);
    renameSync(file("sedAb12Cd"), file(name));
  };

  it("sees a file replaced, and every save of it after that, naming it and not the temporary file", async () => {
    for (const change of [
      () => replace("suburbs.yaml", "suburbs: 2\n"),
      () => replace("suburbs.yaml", "suburbs: 3\n"),
      () => writeFileSync(file("suburbs.yaml"), "suburbs: 4\n"),
    ]) {
      const seen = await burstsOf(change);
      expect(seen).toEqual([{ files: [{ file: shown("suburbs.yaml"), change: "changed" }], code: false }]);
      expect(burstWords(seen[0])).toBe(`${shown("suburbs.yaml")} changed`);
    }
  });

  it("gives one burst for a rename, a new file and a deleted one", async () => {
    expect(await burstsOf(() => renameSync(file("faq.yaml"), file("questions.yaml")))).toEqual([
      {
        files: expect.arrayContaining([
          { file: shown("faq.yaml"), change: "removed" },
          { file: shown("questions.yaml"), change: "added" },
        ]) as unknown,
        code: false,
      },
    ]);
    expect(await burstsOf(() => writeFileSync(file("images/team.jpg"), "jpeg"))).toEqual([
      { files: [{ file: shown("images/team.jpg"), change: "added" }], code: false },
    ]);
    expect(await burstsOf(() => rmSync(file("images/team.jpg")))).toEqual([
      { files: [{ file: shown("images/team.jpg"), change: "removed" }], code: false },
    ]);
  });

  it("gives one burst naming the three files a git checkout brings back", async () => {
    await burstsOf(() => renameSync(file("questions.yaml"), file("faq.yaml")));
    git("add", "-A");
    git("commit", "-qm", "the edits so far");
    await burstsOf(() => {
      for (const f of ["site.yaml", "home.yaml", "faq.yaml"]) writeFileSync(file(f), "edited: 2\n");
    });

    const seen = await burstsOf(() => git("checkout", "-q", "--", "content"));
    expect(seen).toHaveLength(1);
    expect(seen[0].files.map((f) => f.file).sort()).toEqual(
      ["faq.yaml", "home.yaml", "site.yaml"].map(shown).sort(),
    );
    expect(burstWords(seen[0])).toMatch(/^[^,]+\.yaml, [^,]+\.yaml and [^,]+\.yaml changed$/);
  });

  it("says code changed for src/, and ignores its tests and what no build reads", async () => {
    expect(await burstsOf(() => writeFileSync(path.join(src, "page.tsx"), "export const a = 1;\n"))).toEqual([
      {
        files: [{ file: path.relative(process.cwd(), path.join(src, "page.tsx")), change: "changed" }],
        code: true,
      },
    ]);
    bursts.length = 0;
    writeFileSync(path.join(src, "page.test.tsx"), "x");
    writeFileSync(file("notes.txt"), "x");
    writeFileSync(file("suburbs.yaml~"), "x");
    await new Promise((r) => setTimeout(r, SETTLE_MS * 6));
    expect(bursts).toEqual([]);
  });
});
