/** Debian's Chromium driven by playwright-core, as every browser test and screenshot uses it. */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * The Chromium features playwright-core turns off (its chromiumSwitches.ts, as of 1.65), in its
 * order. Chromium reads only the last --disable-features it is given, so ours replaces
 * Playwright's and must carry them all; browser.e2e.test.ts fails when Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * The address bar's drop-down, which a headless window never shows: each window preloads it as
 * a page of the browser's own in a renderer process of its own, and updates it on every
 * navigation. Off, a new page costs about 40% less CPU and a navigation about 30%, for nothing a
 * site's page can see (docs/performance.md, "Test time").
 */
const WINDOW_ONLY_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * No renderer process started ahead of need: without a limit Chromium keeps a spare renderer
 * warm and gives a new page's first about:blank a process of its own, and a test's pages, each
 * in a browser context of its own, use neither. Pages of different contexts (or sites) still get
 * a process each, so no page waits on another's main thread; a new page costs about a quarter
 * less CPU (docs/performance.md, "Test time").
 */
const PROCESS_LIMIT = "--renderer-process-limit=1";

/**
 * Debian's `chromium-headless-shell`, the browser Playwright itself drives for headless tests: the
 * same Blink without the desktop browser's window and profile machinery, about a fifth less CPU a
 * page here (decision 0054). Debian's full `chromium` where only it is installed; `CHROME_PATH`
 * names any other.
 */
export const CHROMIUM_PATH =
  process.env.CHROME_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ||
  "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(",")}`],
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      PROCESS_LIMIT,
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...WINDOW_ONLY_FEATURES].join(",")}`,
    ],
  });
}

/**
 * The reader's own text size, as Chromium's Settings → Appearance → Font size sets it (CDP's
 * Page.setFontSizes): every rem and em on the page, and em in media queries, scale with it, as they
 * do with a phone's text-size setting. `percent` of the default 16 px.
 */
export async function setTextSize(page: Page, percent: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", {
    fontSizes: { standard: Math.round((16 * percent) / 100), fixed: Math.round((13 * percent) / 100) },
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

let workerBrowser: Promise<Browser> | undefined;

/**
 * The test worker's Chromium. Vitest runs a worker's test files one after
 * another in one process (isolate: false, vitest.config.ts), so the first
 * browser test file launches it and the files after it reuse it: a launch is
 * about a second of CPU, and a run has a dozen browser files. Each file hands
 * it back with `releaseTestBrowser`, which closes every context the file
 * opened, so the next file meets a browser with no pages, cookies or routes.
 * Playwright closes the browser when the worker exits.
 */
export function testBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => (workerBrowser = undefined));
    return browser;
  });
  return workerBrowser;
}

/**
 * Closes every context of the worker's browser (`testBrowser`): call it in the file's afterAll, where the
 * file would close its own browser.
 */
export async function releaseTestBrowser(browser: Browser | undefined): Promise<void> {
  if (browser) await Promise.all(browser.contexts().map((context) => context.close()));
}
