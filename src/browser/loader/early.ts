/**
 * The visible answer to a click on a disclosure in an island React does not
 * run yet (see docs/decisions/0030-wake-on-interaction.md): the FAQ opens the
 * answer (one at a time) and the desktop menus mark their trigger expanded
 * (their list is already showing through CSS :focus-within). The island
 * starts from that state when it hydrates (expandedBeforeWake), so React's
 * first render matches the page and the click is not lost. The mobile menu
 * needs nothing here: its popover opens without script.
 */
import { DISCLOSURE_TRIGGER, SIGN } from "../islands/disclosure.ts";

/** True once the loader has handed the island to React, which answers its clicks from then on. */
export const isLive = (island: HTMLElement) => "woken" in island.dataset;

export function answerEarly(event: MouseEvent) {
  const trigger = (event.target as Element | null)?.closest?.<HTMLButtonElement>(DISCLOSURE_TRIGGER);
  const island = trigger?.closest<HTMLElement>("[data-island]");
  if (!trigger || !island || isLive(island)) return;
  const open = trigger.getAttribute("aria-expanded") !== "true";
  const faq = island.dataset.island === "Faq";
  for (const button of island.querySelectorAll<HTMLButtonElement>(DISCLOSURE_TRIGGER)) {
    const expanded = button === trigger && open;
    if (button !== trigger && button.getAttribute("aria-expanded") !== "true") continue;
    button.setAttribute("aria-expanded", String(expanded));
    if (!faq) continue;
    // Closed FAQ answers are hidden by class (src/browser/islands/Faq.tsx); the sign is the button's
    // aria-hidden span.
    document.getElementById(button.getAttribute("aria-controls")!)?.classList.toggle("hidden", !expanded);
    const sign = button.querySelector("[aria-hidden]");
    if (sign) sign.textContent = expanded ? SIGN.open : SIGN.closed;
  }
}
