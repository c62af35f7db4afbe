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
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from "react";
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

/**
 * How long a dropdown stays open after the pointer leaves it, as the specification's business constants set
 * it. Before the island runs, CSS keeps the same grace (`menu-grace`, src/styles/site.css).
 */
export const CLOSE_DELAY_MS = 150;

const MENUS: NavList[] = ["services", "suburbs"];

export default function NavMenu({ slots: [services, suburbs] }: NavMenuProps) {
  const enhanced = useEnhanced();
  const menus = useOpenMenu(enhanced);
  const { itemHandlers, toggle } = useMenuHandlers(menus);
  const { nav, open, setOpen } = menus;
  const menu = (id: NavList) => ({ enhanced, open: open === id, handlers: itemHandlers, onToggle: toggle });
  return (
    <nav ref={nav} aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center">
        <NavLinkItem href={homeSection("home")}>Home</NavLinkItem>
        <ServicesMenu {...menu("services")} html={services} onFollow={() => setOpen(null)} />
        <SuburbsMenu {...menu("suburbs")} html={suburbs} />
        <NavLinkItem href={homeSection("about")}>About Us</NavLinkItem>
        <NavLinkItem href={CONTACT_PATH}>Contact Us</NavLinkItem>
      </ul>
    </nav>
  );
}

interface OpenMenu {
  nav: RefObject<HTMLElement | null>;
  open: NavList | null;
  setOpen: Dispatch<SetStateAction<NavList | null>>;
  /** Whether the open list was opened by the pointer hovering, not by a click or a key. */
  openedByHoverRef: RefObject<boolean>;
}

/**
 * Which list is open: at first what woke the island left open, then closed by a press anywhere outside the
 * navigation.
 */
function useOpenMenu(enhanced: boolean): OpenMenu {
  // A trigger clicked before the island woke (src/browser/loader/early.ts) starts open.
  const [open, setOpen] = useState<NavList | null>(
    () => MENUS.find((id) => expandedBeforeWake(navListId(id))) ?? null,
  );
  const nav = useRef<HTMLElement>(null);
  // A mouse click on a trigger whose list the hover already opened should not close it again.
  const openedByHoverRef = useRef(false);

  // Replays what woke the island: the pointer already over a menu, or focus already inside a list.
  useEffect(() => {
    if (!enhanced || !nav.current) return;
    const hovered = nav.current.querySelector<HTMLElement>("[data-menu]:hover");
    const focused = document.activeElement?.closest<HTMLElement>("[data-menu-list]");
    const id = (focused?.closest<HTMLElement>("[data-menu]") ?? hovered)?.dataset.menu as NavList | undefined;
    if (id) {
      openedByHoverRef.current = !focused;
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

  return { nav, open, setOpen, openedByHoverRef };
}

// One set of handlers for both menus: each reads which menu from the <li data-menu> it sits in.
const menuOf = (e: { currentTarget: Element }) =>
  e.currentTarget.closest<HTMLElement>("[data-menu]")!.dataset.menu as NavList;

/**
 * Each menu's handlers: hover opens it and leaving closes it after the grace, Escape and Tab away close it,
 * its trigger toggles it.
 */
function useMenuHandlers({ nav, open, setOpen, openedByHoverRef }: OpenMenu) {
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancelClose = () => clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);

  const trigger = (id: NavList) =>
    nav.current?.querySelector<HTMLButtonElement>(`[aria-controls="${navListId(id)}"]`);
  const itemHandlers = {
    onPointerEnter(e: PointerEvent) {
      if (e.pointerType !== "mouse") return;
      const id = menuOf(e);
      cancelClose();
      if (open !== id) openedByHoverRef.current = true;
      setOpen(id);
    },
    onPointerLeave(e: PointerEvent) {
      if (e.pointerType !== "mouse") return;
      const id = menuOf(e);
      cancelClose();
      closeTimer.current = setTimeout(
        () => setOpen((current) => (current === id ? null : current)),
        CLOSE_DELAY_MS,
      );
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
    if (open === id && byMouse && openedByHoverRef.current) {
      openedByHoverRef.current = false;
      return;
    }
    openedByHoverRef.current = false;
    setOpen(open === id ? null : id);
  };
  return { itemHandlers, toggle };
}

/**
 * What each dropdown is told: whether the island runs and its list is open, the handlers, and its list's
 * markup.
 */
interface MenuProps {
  enhanced: boolean;
  open: boolean;
  handlers: ReturnType<typeof useMenuHandlers>["itemHandlers"];
  onToggle: (e: MouseEvent) => void;
  html: string;
}

/** Services: a link to the home page's section, beside a button that shows the service pages. */
function ServicesMenu({
  enhanced,
  open,
  handlers,
  onToggle,
  html,
  onFollow,
}: MenuProps & { onFollow: () => void }) {
  return (
    <li className="group relative" data-menu="services" {...handlers}>
      <div className="flex items-center">
        <a href={homeSection("services")} className={cn(navLink, "pr-1")} onClick={onFollow}>
          Services
        </a>
        <button
          type="button"
          aria-expanded={enhanced ? open : undefined}
          aria-controls={navListId("services")}
          aria-label="Service pages"
          onClick={onToggle}
          className={chevronButton}
        >
          <Chevron turned={enhanced && open} />
        </button>
      </div>
      <Panel enhanced={enhanced} open={open} html={html} className="left-0 w-72" />
    </li>
  );
}

/** List of Suburbs: a button that shows the header suburbs as a grid. */
function SuburbsMenu({ enhanced, open, handlers, onToggle, html }: MenuProps) {
  return (
    <li className="group relative" data-menu="suburbs" {...handlers}>
      <button
        type="button"
        aria-expanded={enhanced ? open : undefined}
        aria-controls={navListId("suburbs")}
        onClick={onToggle}
        className={navLink}
      >
        List of Suburbs
        <Chevron turned={enhanced && open} />
      </button>
      <Panel enhanced={enhanced} open={open} html={html} className="left-1/2 -ml-80 w-[40rem]" />
    </li>
  );
}

/**
 * A dropdown's list: until the island runs, CSS shows it on hover and focus; then React, when its menu is
 * open.
 */
function Panel({
  enhanced,
  open,
  html,
  className,
}: {
  enhanced: boolean;
  open: boolean;
  html: string;
  className: string;
}) {
  const shown = enhanced
    ? open
      ? "visible"
      : "invisible"
    : "menu-grace invisible group-hover:visible group-focus-within:visible";
  return (
    <div className={cn("absolute top-full z-50 pt-2", shown, className)}>
      <Slot html={html} />
    </div>
  );
}

function Chevron({ turned }: { turned: boolean }) {
  return <Icon name="chevronDown" className={cn("h-4 w-4 transition-transform", turned && "rotate-180")} />;
}

function NavLinkItem({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} className={navLink}>
        {children}
      </a>
    </li>
  );
}

const navLink =
  "inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-md px-2.5 py-2 font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800";
const chevronButton =
  "inline-flex min-h-11 min-w-8 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50 hover:text-brand-800";
