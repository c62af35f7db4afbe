/**
 * Whether a page scrolls sideways in Chromium, and if it does, what sticks out: WCAG 2.2's 1.4.10
 * Reflow (320 CSS px wide) and, with the reader's text doubled, 1.4.4 Resize Text.
 */
import type { Page } from "playwright-core";

/** How wide the page is laid out, and the screen it is shown on. */
export interface Reflow {
  /** `document.scrollingElement.scrollWidth`: more than `viewport` scrolls sideways. */
  width: number;
  viewport: number;
  /**
   * The widest of the innermost elements (or their text) that reach past the screen's right edge, as
   * "tag.classes "its text" (N px wide, to M px)", to name in a failure; "" when nothing does.
   */
  widest: string;
}

export function reflow(page: Page): Promise<Reflow> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    // An element's right edge, or its own text's, which can run past a box too narrow for its longest
    // word, up to the nearest box that clips what overflows it (as the visually hidden text for screen
    // readers is); in page coordinates, whatever the page is scrolled to.
    const right = (el: Element) => {
      let edge = el.getBoundingClientRect().right;
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        edge = Math.max(edge, range.getBoundingClientRect().right);
      }
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible")
          edge = Math.min(edge, box.getBoundingClientRect().right);
      }
      if (getComputedStyle(el).overflowX !== "visible")
        edge = Math.min(edge, el.getBoundingClientRect().right);
      return edge + scrollX;
    };
    const past = [...document.body.querySelectorAll("*")].filter(
      (el) => right(el) > viewport + 0.5 && el.getClientRects().length > 0,
    );
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const named = innermost
      .map((el) => {
        const box = el.getBoundingClientRect();
        const classes = typeof el.className === "string" ? el.className.trim().split(/\s+/) : [];
        const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
        const width = Math.max(box.width, right(el) - box.left - scrollX);
        return {
          width,
          name: `${[el.tagName.toLowerCase(), ...classes.filter(Boolean)].join(".")} "${text}" (${Math.round(width)} px wide, to ${Math.round(right(el))} px)`,
        };
      })
      .sort((a, b) => b.width - a.width);
    return { width: document.scrollingElement!.scrollWidth, viewport, widest: named[0]?.name ?? "" };
  });
}

/**
 * Words split across lines though they are no wider than half the page's column (the screen less a
 * rem each side): "tag "word" (N px, the column M px)" for each. A word longer than a good part of
 * its line may break (WCAG 1.4.10 would rather it did than push the page sideways); a short one
 * broken means a box beside it (stars, an icon, a radio button, a second column) left it a few
 * letters' room, and it reads a letter or two a line. A hyphen or slash is a place to break, so
 * words beside one are left out.
 */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const column = document.documentElement.clientWidth - 2 * rem;
    const ruler = document.body.appendChild(document.createElement("span"));
    ruler.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? "";
      if (!parent || parent === ruler || !parent.getClientRects().length) continue;
      for (const match of text.matchAll(/[^\s/-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        const beside = text.slice(Math.max(0, match.index - 1), match.index + match[0].length + 1);
        if (lines.size < 2 || /[-/]/.test(beside)) continue;
        // Measured as it is shown: the text's font, spacing and case (an uppercase label is wider).
        const { font, letterSpacing, textTransform } = getComputedStyle(parent);
        Object.assign(ruler.style, { font, letterSpacing, textTransform });
        ruler.textContent = match[0];
        const width = ruler.getBoundingClientRect().width;
        if (width <= column / 2) {
          const name = parent.tagName.toLowerCase();
          found.push(`${name} "${match[0]}" (${Math.round(width)} px, the column ${Math.round(column)} px)`);
        }
      }
    }
    ruler.remove();
    return found;
  });
}
