/**
 * The answer's budget: a visitor's answer waits for work that may be slow (delivering a just-stored
 * lead, telling the owner of an acceptance) only so long, and the work goes on after it.
 */

/** Waits for `work`, or `ms`, whichever comes first; the timer does not outlive the wait. */
export async function waitAtMost(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
