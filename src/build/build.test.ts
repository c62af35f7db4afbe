/** A build that fails part-way leaves the site it was replacing as it was, and nothing of its own. */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "./build.ts";
import { estimatesOff, loadContent } from "./content/load.ts";
import { cmsNotConnected } from "./cms/config.ts";
import { routes } from "../content/routes.ts";

describe("build", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "build-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps the previous dist/ and removes its half-built folder when rendering fails", async () => {
    const outDir = path.join(dir, "dist");
    mkdirSync(outDir);
    writeFileSync(path.join(outDir, "index.html"), "the previous site");
    let pagesRendered = 0;
    const failing = build({
      outDir,
      onProgress: (done) => {
        pagesRendered = done;
        throw new Error("stopped on purpose after the first batch");
      },
    });
    await expect(failing).rejects.toThrow("stopped on purpose");
    expect(pagesRendered).toBeGreaterThan(0);
    // The page folders are made on a helper thread: none may appear after the build gave up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(dir)).toEqual(["dist"]);
    expect(readFileSync(path.join(outDir, "index.html"), "utf8")).toBe("the previous site");
  });

  it("then builds into the same place", async () => {
    const outDir = path.join(dir, "dist");
    const result = await build({ outDir });
    expect(result.pages).toHaveLength(routes(loadContent("content")).length);
    expect(readdirSync(dir)).toEqual(["dist"]);
    expect(existsSync(path.join(outDir, "suburbs", "bulimba", "index.html"))).toBe(true);
    // The repository ships without the owner's prices, with placeholder contact details, with the
    // booking's defaults unsettled and without the editor's repository: the build says so once each
    // (npm run build prints them).
    expect(result.notes).toEqual([
      estimatesOff("content"),
      "content/site.yaml still has the repository's placeholders (url: https://www.example.com, email: hello@example.com): set the business's own before publishing (SITE_URL also sets the address).",
      "content/booking.yaml still holds the defaults the site came with (settled: false): read each value and the terms' words, make them yours, then write settled: true.",
      cmsNotConnected,
    ]);
  });
});
