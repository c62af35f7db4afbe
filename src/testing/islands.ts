/**
 * Browser-test helpers for islands: which pages stand for each set of islands, wake every island on a page,
 * and collect what the console says.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { scanMarkup } from "../build/css.ts";
import { outputFile, type Route } from "../content/routes.ts";
import { DIST_DIR } from "./dist-dir.ts";

/**
 * The first route of each set of islands, as the build wrote the pages (the home page's quote
 * form, FAQ and menus; the first service page's; the contact page's form and menus): a hydrated
 * island's markup is its server markup plus what waking adds, the same on every page, so these
 * stand for every page hydrated.
 */
export function firstOfEachIslandSet(all: Route[]): Route[] {
  const seen = new Set<string>();
  return all.filter((r) => {
    const key = [...scanMarkup(readFileSync(path.join(DIST_DIR, outputFile(r)), "utf8")).islands]
      .sort()
      .join(" ");
    return !seen.has(key) && seen.add(key);
  });
}

/** Island chunks and React: every script but the loader's entry. */
export const CHUNKS = /\/assets\/chunk-.*\.js$/;

/**
 * Holds back the scripts matching `url` that the page asks for from now on until `release()`, as a slow
 * network would.
 */
export async function holdScripts(page: Page, url: RegExp = CHUNKS): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Wakes every island the way a visitor would (a focus in it) and waits until
 * React has committed each one. All are focused at once: the loader runs
 * React once the visitor pauses (300 ms), so one island after another would
 * wait that pause for each.
 */
export async function wakeIslands(page: Page, timeout = 15_000): Promise<string[]> {
  const names = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-island]"), (el) => {
      el.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      return el.dataset.island!;
    }),
  );
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>("[data-island]")).every(
          (el) => el.dataset.hydrated === "true",
        ),
      undefined,
      { timeout },
    )
    .catch(async (error) => {
      // Which page, and which islands hydrated there, rather than only the timeout.
      const state = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLElement>("[data-island]"),
          (e) => `${e.dataset.island}:${e.dataset.hydrated ?? "not hydrated"}`,
        ),
      );
      throw new Error(
        `${new URL(page.url()).pathname}: islands did not all hydrate (${state.join(", ")}): ${error}`,
      );
    });
  return names;
}

/** Errors, warnings and uncaught exceptions a page reports from now on. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  return problems;
}

/**
 * The text of every script the page fetches from now on, read as each arrives; call the answer for
 * those fetched so far. A script still arriving when the page closes counts as empty: its read
 * rejects, and a rejection nobody awaited would fail the whole run.
 */
export function fetchedScripts(page: Page): () => Promise<string[]> {
  const scripts: Promise<string>[] = [];
  page.on("response", (r) => void (r.url().endsWith(".js") && scripts.push(r.text().catch(() => ""))));
  return () => Promise.all(scripts);
}
