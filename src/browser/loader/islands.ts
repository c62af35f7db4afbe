/**
 * The browser entry: finds the island marks the server rendered and wakes
 * each one when the visitor acts on it, and nothing else on the page
 * (docs/decisions/0030-wake-on-interaction.md). An untouched page runs no
 * React and no island code. React and each island's code are separate
 * chunks: fetched (not run) at low priority when a pointer or finger comes
 * onto an island or once the page has been idle for 5 seconds, and run
 * once the visitor pauses after their first interaction, so neither the
 * frame that answers it nor their next keystrokes wait for React. The
 * section-link scrolling and the early answers need no React and run at
 * once.
 */
import { islandLoaders, type HydrateOn, type IslandName } from "../islands/list.ts";
import { proofFor } from "../forms/proof.ts";
import { countCallTaps, rememberVisit } from "../forms/visit.ts";
import { preselectService } from "../forms/preselect.ts";
import { answerEarly } from "./early.ts";
import { enhanceSectionLinks } from "./scroll.ts";
import { holdEarlySubmit } from "./submit.ts";

/**
 * The chunk files each island needs (its own, React, the hydration helper and
 * what they import), as site paths. esbuild names the chunks, so the build
 * writes this in after bundling (src/build/bundle.ts); the string is its mark.
 */
const CHUNKS = "__ISLAND_CHUNKS__" as unknown as Record<IslandName, string[]>;

/** An untouched page fetches nothing more for this long (the first 5 s stay within the 20 KB load budget). */
const PREFETCH_AFTER_MS = 5000;

/** After the next frame is painted: the visitor sees the platform's answer before React is parsed and run. */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

const prefetched = new Set<IslandName>();
const fetched = new Set<string>();

/**
 * Fetches an island's chunks at low priority without running them, so its
 * wake does not wait for the network. After the next paint: the browser
 * compiles what arrives, and that frame is the answer to the visitor.
 */
function prefetch(name: IslandName) {
  if (prefetched.has(name)) return;
  prefetched.add(name);
  afterPaint(() => fetchChunks(name));
}

function fetchChunks(name: IslandName) {
  for (const href of CHUNKS[name] ?? []) {
    if (fetched.has(href)) continue;
    fetched.add(href);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.fetchPriority = "low";
    document.head.append(link);
  }
}

async function hydrate(el: HTMLElement) {
  const name = el.dataset.island as IslandName;
  const [{ hydrateIsland }, mod] = await Promise.all([import("./hydrate.ts"), islandLoaders[name]()]);
  const props = JSON.parse(el.dataset.props ?? "{}");
  // Slots (src/browser/islands/Slot.tsx) travel in the page, not in the props: read them back, in order.
  const slots = el.querySelectorAll("[data-slot]");
  if (slots.length > 0) props.slots = Array.from(slots, (slot) => slot.innerHTML);
  // From here React answers the island's events; the early answers (early.ts) stop.
  el.dataset.woken = "";
  await hydrateIsland(el, mod.default, props);
}

/**
 * How long the visitor must stop pressing keys and buttons before React runs:
 * running it costs one long task, and a key pressed during it waits. The
 * page answers without React meanwhile (typing, the popover, early answers).
 */
const PAUSE_MS = 300;
const BUSY_EVENTS = ["keydown", "pointerdown", "focusin"] as const;

/** Each waking island's run(): see wake(). */
const runs = new WeakMap<HTMLElement, () => Promise<void>>();

/**
 * Fetches the island's code now and runs it once the visitor pauses, or at
 * once when they reach for a submit button. Returns run(): runs it now (once),
 * resolving when React has committed it.
 */
function wake(el: HTMLElement): () => Promise<void> {
  const waking = runs.get(el);
  if (waking) return waking;
  prefetch(el.dataset.island as IslandName);
  // A form's spam-check proof, so it has aged past the time trap by the time the visitor has typed;
  // asked for after the next paint, like the chunks, so the tap's own frame (focus, caret) comes first.
  const form = el.querySelector("form");
  if (form) afterPaint(() => void proofFor(form));
  let timer = setTimeout(run, PAUSE_MS);
  function busy(e: Event) {
    clearTimeout(timer);
    // A form about to be sent should be React's to send (as JSON, with its notice): a submit before then
    // waits for it (submit.ts).
    if (el.contains(e.target as Node) && (e.target as Element).closest?.("[type=submit]")) void run();
    else timer = setTimeout(run, PAUSE_MS);
  }
  let running: Promise<void> | undefined;
  function run() {
    clearTimeout(timer);
    for (const e of BUSY_EVENTS) document.removeEventListener(e, busy, true);
    return (running ??= new Promise<void>((resolve, reject) =>
      afterPaint(() => hydrate(el).then(resolve, reject)),
    ));
  }
  runs.set(el, run);
  for (const e of BUSY_EVENTS) document.addEventListener(e, busy, { capture: true, passive: true });
  return run;
}

/**
 * Wakes on a focus inside the island or a click on it (a tap is a click; a
 * finger that scrolls the page is neither), or for "hover" islands also on
 * a mouse pointer over it. A pointer or finger arriving only fetches.
 */
function schedule(el: HTMLElement) {
  const on = (el.dataset.hydrate ?? "interaction") as HydrateOn;
  const wakeEvents = ["focusin", "click"] as const;
  const nearEvents = ["pointerover", "touchstart"] as const;
  const onWake = () => {
    for (const e of wakeEvents) el.removeEventListener(e, onWake);
    for (const e of nearEvents) el.removeEventListener(e, onNear);
    wake(el);
  };
  const onNear = (e: Event) => {
    if (on === "hover" && (e as PointerEvent).pointerType === "mouse") onWake();
    else prefetch(el.dataset.island as IslandName);
  };
  for (const e of wakeEvents) el.addEventListener(e, onWake);
  for (const e of nearEvents) el.addEventListener(e, onNear, { passive: true });
  if (el.querySelector("form")) holdEarlySubmit(el, () => wake(el)());
  // The visitor got there before this script did: already typing in a form, say.
  if (el.contains(document.activeElement)) onWake();
}

enhanceSectionLinks();
// Where this visit came from, kept in this tab until a form is sent; and taps on phone numbers, counted.
rememberVisit();
countCallTaps();
preselectService();
const marks = document.querySelectorAll<HTMLElement>("[data-island]");
marks.forEach(schedule);
document.addEventListener("click", answerEarly);
setTimeout(() => {
  const idle = (fn: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(fn) : fn());
  idle(() => marks.forEach((el) => prefetch(el.dataset.island as IslandName)));
}, PREFETCH_AFTER_MS);
