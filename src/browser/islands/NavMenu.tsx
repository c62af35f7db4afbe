/**
 * The desktop navigation: Home, Services (a link to the home page's section
 * plus a disclosure button for the six service pages), List of Suburbs (a
 * disclosure of the header suburbs as a grid), About Us, Contact Us.
 * Pattern: https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/examples/disclosure-navigation-hybrid/
 *
 * Until it hydrates (and without script) the lists open through CSS on hover
 * and :focus-within, so every link is reachable, and a CSS transition keeps a
 * list up for CLOSE_DELAY_MS after the pointer leaves; once live, a list
 * opens on hover and React closes it CLOSE_DELAY_MS after the pointer leaves
 * (the dropdowns close 150 ms after the pointer leaves): the same grace from the very first hover.
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { CONTACT_PATH, homeSection, navListId, type NavList } from "../../shared/paths.ts";
import { Slot } from "./Slot.tsx";
import { Icon, cn } from "../../shared/ui.tsx";
import { expandedBeforeWake } from "./disclosure.ts";
import { useEnhanced } from "./useEnhanced.ts";

export interface NavMenuProps {
  /**
   * The two lists as static markup (templates/NavLists.tsx): the service
   * pages' <ul id="nav-services-list"> and the suburbs' <ul id="nav-suburbs-list">.
   */
  slots: [services: string, suburbs: string];
}

/** How long a dropdown stays open after the pointer leaves it, as the specification's business constants set it. Before the island runs, CSS keeps the same grace (`menu-grace`, src/styles/site.css). */
export const CLOSE_DELAY_MS = 150;

const MENUS: NavList[] = ["services", "suburbs"];

export default function NavMenu({ slots: [services, suburbs] }: NavMenuProps) {
  const enhanced = useEnhanced();
  // A trigger clicked before the island woke (src/browser/loader/early.ts) starts open.
  const [open, setOpen] = useState<NavList | null>(() => MENUS.find((id) => expandedBeforeWake(navListId(id))) ?? null);
  const nav = useRef<HTMLElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A mouse click on a trigger whose list the hover already opened should not close it again.
  const openedByHover = useRef(false);

  const cancelClose = () => clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);

  // Replays what woke the island: the pointer already over a menu, or focus already inside a list.
  useEffect(() => {
    if (!enhanced || !nav.current) return;
    const hovered = nav.current.querySelector<HTMLElement>("[data-menu]:hover");
    const focused = document.activeElement?.closest<HTMLElement>("[data-menu-list]");
    const id = (focused?.closest<HTMLElement>("[data-menu]") ?? hovered)?.dataset.menu as NavList | undefined;
    if (id) {
      openedByHover.current = !focused;
      setOpen(id);
    }
  }, [enhanced]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const trigger = (id: NavList) => nav.current?.querySelector<HTMLButtonElement>(`[aria-controls="${navListId(id)}"]`);

  // One set of handlers for both menus: each reads which menu from the <li data-menu> it sits in.
  const menuOf = (e: { currentTarget: Element }) => e.currentTarget.closest<HTMLElement>("[data-menu]")!.dataset.menu as NavList;
  const itemHandlers = {
    onPointerEnter(e: PointerEvent) {
      if (e.pointerType !== "mouse") return;
      const id = menuOf(e);
      cancelClose();
      if (open !== id) openedByHover.current = true;
      setOpen(id);
    },
    onPointerLeave(e: PointerEvent) {
      if (e.pointerType !== "mouse") return;
      const id = menuOf(e);
      cancelClose();
      closeTimer.current = setTimeout(() => setOpen((current) => (current === id ? null : current)), CLOSE_DELAY_MS);
    },
    onKeyDown(e: KeyboardEvent) {
      const id = menuOf(e);
      if (e.key !== "Escape" || open !== id) return;
      setOpen(null);
      trigger(id)?.focus();
    },
    onBlur(e: FocusEvent<HTMLElement>) {
      // Focus moved to another element outside this menu (Tab away): close. A click on
      // nothing focusable leaves relatedTarget null and is handled by the pointerdown listener.
      if (open === menuOf(e) && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setOpen(null);
    },
  };

  const toggle = (e: MouseEvent) => {
    const id = menuOf(e);
    cancelClose();
    const byMouse = e.detail > 0 && (e.nativeEvent as globalThis.PointerEvent).pointerType === "mouse";
    if (open === id && byMouse && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setOpen(open === id ? null : id);
  };

  const panel = (id: NavList) =>
    cn(
      "absolute top-full z-50 pt-2",
      enhanced
        ? open === id
          ? "visible"
          : "invisible"
        : "menu-grace invisible group-hover:visible group-focus-within:visible",
    );
  const expanded = (id: NavList) => (enhanced ? open === id : undefined);

  return (
    <nav ref={nav} aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center">
        <li>
          <a href={homeSection("home")} className={navLink}>
            Home
          </a>
        </li>
        <li className="group relative" data-menu="services" {...itemHandlers}>
          <div className="flex items-center">
            <a href={homeSection("services")} className={cn(navLink, "pr-1")} onClick={() => setOpen(null)}>
              Services
            </a>
            <button type="button" aria-expanded={expanded("services")} aria-controls={navListId("services")} aria-label="Service pages" onClick={toggle} className={chevronButton}>
              <Icon name="chevronDown" className={cn("h-4 w-4 transition-transform", enhanced && open === "services" && "rotate-180")} />
            </button>
          </div>
          <div className={cn(panel("services"), "left-0 w-72")}>
            <Slot html={services} />
          </div>
        </li>
        <li className="group relative" data-menu="suburbs" {...itemHandlers}>
          <button type="button" aria-expanded={expanded("suburbs")} aria-controls={navListId("suburbs")} onClick={toggle} className={navLink}>
            List of Suburbs
            <Icon name="chevronDown" className={cn("h-4 w-4 transition-transform", enhanced && open === "suburbs" && "rotate-180")} />
          </button>
          <div className={cn(panel("suburbs"), "left-1/2 w-[40rem] -translate-x-1/2")}>
            <Slot html={suburbs} />
          </div>
        </li>
        <li>
          <a href={homeSection("about")} className={navLink}>
            About Us
          </a>
        </li>
        <li>
          <a href={CONTACT_PATH} className={navLink}>
            Contact Us
          </a>
        </li>
      </ul>
    </nav>
  );
}

const navLink = "inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-md px-2.5 py-2 font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800";
const chevronButton = "inline-flex min-h-11 min-w-8 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50 hover:text-brand-800";
