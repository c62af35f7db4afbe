/**
 * What an island's disclosure shows before React runs it. The loader answers
 * a click on a disclosure button at once, before the island has woken
 * (src/browser/loader/early.ts), and leaves the state in the trigger's aria-expanded;
 * when the island hydrates it starts from that state, so its first render is
 * the page as the visitor left it. No React here: the loader imports it.
 */

/** The FAQ's open and closed signs. */
export const SIGN = { open: "−", closed: "+" } as const;

/**
 * Buttons that open and close a panel by script (the mobile menu's popover button opens its panel without
 * any).
 */
export const DISCLOSURE_TRIGGER = "button[aria-controls]:not([popovertarget])";

/** Whether the button controlling `panelId` was left open before the island woke; false on the server. */
export function expandedBeforeWake(panelId: string): boolean {
  if (typeof document === "undefined") return false;
  return (
    document.querySelector(`button[aria-controls="${panelId}"]`)?.getAttribute("aria-expanded") === "true"
  );
}
