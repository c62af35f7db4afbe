/**
 * Links to a home-page section ("/#services") glide there instead of jumping
 * (spec "Shared header"). On the home page the section is scrolled to at
 * once; from another page the browser goes to "/" and scrolls 100 ms after the
 * home page has started, the way the specification describes. With reduced
 * motion the scroll is a jump. Without script the same links are plain
 * fragment links and still land on the section. Every other link is left to
 * the browser, so a new page starts at the top.
 */

/**
 * How long after the home page starts it scrolls to the section that a link on another page named, as the
 * specification's business constants set it.
 */
export const SCROLL_DELAY_MS = 100;
const PENDING_KEY = "scroll-to-section";

const onHomePage = () => location.pathname === "/" || location.pathname === "/index.html";

export function scrollToSection(section: HTMLElement) {
  const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
  // html's scroll-padding-top keeps the section clear of the sticky header.
  section.scrollIntoView({ behavior: reduce ? "instant" : "smooth", block: "start" });
  // Move the keyboard's starting point too, as following a fragment link would.
  if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1");
  section.focus({ preventScroll: true });
}

function onClick(e: MouseEvent) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="/#"]');
  if (!link || (link.target && link.target !== "_self")) return;
  const id = link.getAttribute("href")!.slice(2);
  if (onHomePage()) {
    const section = document.getElementById(id);
    if (!section) return;
    e.preventDefault();
    // A link in the mobile menu's popover, tapped before its island woke (which closes it from then on).
    const popover = link.closest<HTMLElement>("[popover]");
    if (popover?.matches(":popover-open")) popover.hidePopover();
    if (location.hash !== `#${id}`) history.pushState(null, "", `#${id}`);
    scrollToSection(section);
    return;
  }
  try {
    sessionStorage.setItem(PENDING_KEY, id);
  } catch {
    return; // Storage refused (private mode): the fragment link still lands on the section.
  }
  e.preventDefault();
  location.assign("/");
}

function scrollToPendingSection() {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return;
  }
  if (!id || !onHomePage()) return;
  setTimeout(() => {
    const section = document.getElementById(id);
    if (!section) return;
    history.replaceState(null, "", `#${id}`);
    scrollToSection(section);
  }, SCROLL_DELAY_MS);
}

export function enhanceSectionLinks() {
  document.addEventListener("click", onClick);
  scrollToPendingSection();
}
