/**
 * The Chromium every browser test drives: Playwright's own switches kept, and the window's
 * address-bar drop-down (a page of the browser's own, in a process of its own) not preloaded, and
 * no renderer started before a page needs it.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, PLAYWRIGHT_DISABLED_FEATURES } from "./browser.ts";

describe("launchBrowser", () => {
  it("repeats the features playwright-core turns off, as this playwright-core version lists them", async () => {
    // A stand-in for Chromium that writes down the switches it is started with and exits.
    const dir = mkdtempSync(path.join(tmpdir(), "switches-"));
    try {
      const fake = path.join(dir, "chromium");
      writeFileSync(fake, `#!/bin/sh\nprintf '%s\\n' "$@" > '${dir}/args'\nexit 1\n`);
      chmodSync(fake, 0o755);
      await expect(chromium.launch({ executablePath: fake, timeout: 10_000 })).rejects.toThrow();
      const given = readFileSync(path.join(dir, "args"), "utf8")
        .split("\n")
        .filter((arg) => arg.startsWith("--disable-features="));
      expect(given).toEqual([`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(",")}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps them off (an http address stays http) and opens no page of the browser's own beside a test's page", async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const requested: string[] = [];
      await context.route("**/*", (route) => {
        requested.push(route.request().url());
        return route.fulfill({ contentType: "text/html", body: "<p>stand-in</p>" });
      });
      const page = await context.newPage();
      await page.goto("http://example.com/");
      // Playwright turns HttpsUpgrades off; were its list lost, Chromium would ask for https:// first.
      expect(requested).toEqual(["http://example.com/"]);
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send("Target.getTargets")) as {
        targetInfos: { type: string; url: string }[];
      };
      expect(targetInfos.map((t) => `${t.type} ${t.url}`)).toEqual(["page http://example.com/"]);
    } finally {
      await browser.close();
    }
  });

  it("starts no spare renderer, yet gives the pages of two contexts a renderer each, so neither waits on the other's main thread", async () => {
    const browser = await launchBrowser();
    try {
      for (const name of ["a", "b"]) await (await browser.newPage()).setContent(`<p>${name}</p>`);
      const cdp = await browser.newBrowserCDPSession();
      const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
        processInfo: { type: string }[];
      };
      expect(processInfo.filter((p) => p.type === "renderer")).toHaveLength(2);
    } finally {
      await browser.close();
    }
  });
});
