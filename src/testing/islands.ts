/** Browser-test helpers for islands: wake every island on a page and collect what the console says. */
import type { Page } from "playwright-core";

/**
 * Wakes every island the way a visitor would (a focus for those that wait for
 * interaction, a scroll for those that wait to be seen) and waits until React
 * has committed each one.
 */
export async function wakeIslands(page: Page, timeout = 15_000): Promise<string[]> {
  const marks = await page.$$("[data-island]");
  const names: string[] = [];
  for (const mark of marks) {
    const name = await mark.evaluate((el: HTMLElement) => {
      if (el.dataset.hydrate === "interaction") el.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      if (el.dataset.hydrate === "visible") (el.firstElementChild ?? el).scrollIntoView();
      return el.dataset.island!;
    });
    // One at a time: an IntersectionObserver only sees where the page is when it next paints.
    await page.waitForFunction((el) => (el as HTMLElement).dataset.hydrated === "true", mark, { timeout });
    names.push(name);
  }
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
