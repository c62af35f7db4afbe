/** Keyboard focus in Chromium, read the way a sighted keyboard user meets it: a11y.e2e.test.ts and CallBar.e2e.test.ts. */
import type { Page } from "playwright-core";

/** One stop of the Tab key: what has focus, and how it shows. */
export interface FocusStop {
  /** Its tag and the start of its text, to name it in a failure. */
  name: string;
  /** A focus ring is drawn: an outline at least 2 px wide, or a box shadow. */
  ring: boolean;
  /** What the screen shows at its centre is it (or inside it): nothing, such as the call bar, is over it. A stop with no box is never uncovered. */
  uncovered: boolean;
  /** The page was scrolled more than a screen down when it got focus. */
  belowTheFirstScreen: boolean;
}

/**
 * Presses Tab from where focus is until it comes back round to a stop it has been on, at most
 * `max` times, and reads each stop in one call to the page. Called again on the same page, it
 * counts every stop anew.
 */
export async function focusStops(page: Page, max = 80): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  // The stops already met are kept in the page, between presses; a second call on the same page starts afresh.
  await page.evaluate(() => delete (window as unknown as { __focusStops?: WeakSet<Element> }).__focusStops);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const been = ((window as unknown as { __focusStops?: WeakSet<Element> }).__focusStops ??= new WeakSet());
      if (been.has(el)) return "round";
      been.add(el);
      const s = getComputedStyle(el);
      const r = el.getClientRects()[0];
      const hit = r && r.width > 0 ? document.elementFromPoint(r.left + r.width / 2, Math.min(r.top + r.height / 2, innerHeight - 1)) : null;
      return {
        name: `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}"`,
        ring: (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== "none",
        uncovered: !!hit && (el === hit || el.contains(hit)),
        belowTheFirstScreen: scrollY > innerHeight,
      };
    });
    if (stop === "round") break;
    if (stop) stops.push(stop);
  }
  return stops;
}
