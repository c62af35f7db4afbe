/**
 * The browser entry: finds the island marks the server rendered and hydrates
 * each one when it is needed, and nothing else on the page. React and each
 * island's code are separate chunks, fetched only when an island wakes. The
 * section-link scrolling needs no React and runs at once.
 */
import type { HydrateOn, IslandName } from "../islands/index.ts";
import { enhanceSectionLinks } from "./scroll.ts";

const loaders: Record<IslandName, () => Promise<{ default: React.ComponentType<any> }>> = {
  ContactForm: () => import("../islands/ContactForm.tsx"),
  Faq: () => import("../islands/Faq.tsx"),
  MobileMenu: () => import("../islands/MobileMenu.tsx"),
  NavMenu: () => import("../islands/NavMenu.tsx"),
  QuoteForm: () => import("../islands/QuoteForm.tsx"),
};

async function hydrate(el: HTMLElement) {
  const name = el.dataset.island as IslandName;
  const [{ hydrateIsland }, mod] = await Promise.all([import("./hydrate.ts"), loaders[name]()]);
  const props = JSON.parse(el.dataset.props ?? "{}");
  // Slots (src/islands/Slot.tsx) travel in the page, not in the props: read them back, in order.
  const slots = el.querySelectorAll("[data-slot]");
  if (slots.length > 0) props.slots = Array.from(slots, (slot) => slot.innerHTML);
  hydrateIsland(el, mod.default, props);
}

const whenIdle = (fn: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));

function schedule(el: HTMLElement) {
  const on = (el.dataset.hydrate ?? "idle") as HydrateOn;
  const wake = () => void hydrate(el);
  if (on === "visible" && "IntersectionObserver" in window) {
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          wake();
        }
      },
      { rootMargin: "200px" },
    );
    // The mark is display: contents and has no box of its own to intersect; its children do.
    for (const child of el.children) io.observe(child);
  } else if (on === "interaction") {
    const events = ["pointerover", "focusin", "touchstart"] as const;
    const once = () => {
      for (const e of events) el.removeEventListener(e, once);
      wake();
    };
    for (const e of events) el.addEventListener(e, once, { passive: true });
  } else {
    whenIdle(wake);
  }
}

enhanceSectionLinks();
document.querySelectorAll<HTMLElement>("[data-island]").forEach(schedule);
