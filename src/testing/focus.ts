/**
 * Keyboard focus in Chromium, read the way a sighted keyboard user meets it: a11y.e2e.test.ts and
 * CallBar.e2e.test.ts.
 */
import type { Page } from "playwright-core";

/** One stop of the Tab key: what has focus, and how it shows. */
export interface FocusStop {
  /** Its tag and the start of its text, to name it in a failure. */
  name: string;
  /** A focus ring is drawn: an outline at least 2 px wide, or a box shadow. */
  ring: boolean;
  /**
   * The outline's contrast with the background it is drawn on (outside the element, so its parent's),
   * against the worst of a gradient's colours; null for a ring drawn another way or on a picture.
   * WCAG 2.2's 1.4.11 Non-text Contrast asks 3:1 of what shows a control's state.
   */
  ringContrast: number | null;
  /**
   * What the screen shows at its centre is it (or inside it): nothing, such as the call bar, is over it. A
   * stop with no box is never uncovered.
   */
  uncovered: boolean;
  /**
   * Its top and bottom edges are on the screen and nothing is over them either (WCAG 2.2's 2.4.11 asks
   * less, that it is not entirely hidden; a form field half under a sticky header is hard to use).
   * Taller than the screen, it is whole if it fills it.
   */
  whole: boolean;
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
  // The stops already met are kept in the page, between presses; a second call on the same page starts
  // afresh.
  await page.evaluate(() => delete (window as unknown as { __focusStops?: WeakSet<Element> }).__focusStops);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const been = ((window as unknown as { __focusStops?: WeakSet<Element> }).__focusStops ??=
        new WeakSet());
      if (been.has(el)) return "round";
      been.add(el);
      // The ring as it settles: a button's transition-colors also eases its outline's colour in from the
      // text's.
      for (const animation of el.getAnimations()) animation.finish();
      const s = getComputedStyle(el);
      let canvas: CanvasRenderingContext2D | undefined;
      /** Any CSS colour (rgb, oklch, a name) as sRGB 0-255 and alpha 0-1, drawn to read it back. */
      const rgba = (color: string): [number, number, number, number] => {
        canvas ??= document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = color;
        canvas.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r, g, b].map((v) =>
          v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
        );
        return 0.2126 * R + 0.7152 * G + 0.0722 * B;
      };
      const contrast = (a: number[], b: number[]) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      /**
       * The colours behind the element's outline: its ancestors' backgrounds, each see-through one laid over
       * the next; every stop of a gradient.
       */
      const behind = (): number[][] | null => {
        const layers: [number, number, number, number][] = [];
        for (let at = el.parentElement; at; at = at.parentElement) {
          const b = getComputedStyle(at);
          if (b.backgroundImage.includes("url(")) return null;
          const stops = b.backgroundImage.match(
            /(?:rgba?|oklch|oklab|hsla?|color)\([^)]*\)|#[0-9a-f]{3,8}\b/gi,
          );
          if (stops) return stops.map((c) => rgba(c));
          const color = rgba(b.backgroundColor);
          if (color[3] > 0) layers.push(color);
          if (color[3] === 1) break;
        }
        let under = [255, 255, 255];
        for (const [r, g, b, a] of layers.reverse())
          under = [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
        return [under];
      };
      const outlined = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
      const colours = outlined ? behind() : null;
      const ringContrast = colours && Math.min(...colours.map((c) => contrast(rgba(s.outlineColor), c)));
      const r = el.getClientRects()[0];
      const hit =
        r && r.width > 0
          ? document.elementFromPoint(r.left + r.width / 2, Math.min(r.top + r.height / 2, innerHeight - 1))
          : null;
      // Read where the element is on the screen across (a page wider than the screen at large text is
      // scrolled sideways, which is not covering), 2 px inside its edges (sub-pixel layout can leave a
      // fraction of a pixel under the call bar's edge); an ancestor hit is the element's own label or box
      // around a small control, never something over it.
      const shows = (y: number) => {
        const x = Math.min(Math.max(r.left, 0) + Math.min(r.width / 2, 10), innerWidth - 1);
        const at = document.elementFromPoint(x, y);
        return !!at && (el === at || el.contains(at) || at.contains(el));
      };
      const whole =
        !!r &&
        r.width > 0 &&
        r.left < innerWidth &&
        (r.height >= innerHeight
          ? r.top <= 0 && r.bottom >= innerHeight
          : r.top >= 0 && r.bottom <= innerHeight && shows(r.top + 2) && shows(r.bottom - 2));
      return {
        name: `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}"`,
        ring: outlined || s.boxShadow !== "none",
        ringContrast: ringContrast === null ? null : Math.round(ringContrast * 100) / 100,
        uncovered: !!hit && (el === hit || el.contains(hit)),
        whole,
        belowTheFirstScreen: scrollY > innerHeight,
      };
    });
    if (stop === "round") break;
    if (stop) stops.push(stop);
  }
  return stops;
}
