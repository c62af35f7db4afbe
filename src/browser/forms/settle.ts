/**
 * Runs `fn` once the page has stopped scrolling: no change of scroll position
 * over a few frames, or after MAX_WAIT_MS at most. Focus moved while a smooth
 * scroll is still gliding (Tab onto Send scrolls it into view, then Enter at
 * once) is scrolled to from where the page was, and the glide then carries it
 * on, under the sticky header; moved after, it lands where html's
 * scroll-padding puts it (decision 0086).
 */

/** Frames with the page still: one is a frame between two steps of a glide; three is a glide over. */
const STILL_FRAMES = 3;
/** The longest a glide lasts in Chromium is about 700 ms; past this, focus moves anyway. */
const MAX_WAIT_MS = 1500;

export function afterScrollSettles(fn: () => void) {
  const start = performance.now();
  let last = scrollY;
  let still = 0;
  const tick = () => {
    if (scrollY !== last) [last, still] = [scrollY, 0];
    else still++;
    if (still >= STILL_FRAMES || performance.now() - start > MAX_WAIT_MS) fn();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
