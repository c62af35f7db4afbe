/**
 * The menu below the desktop breakpoint: a toggle button and the panel it
 * shows. Built on the HTML popover attribute, so without script it still
 * opens, closes on Escape or a tap outside, and hands focus back to the
 * toggle; the island adds aria-expanded, moves focus into the panel when it
 * opens and closes it when a link is followed, or when focus leaves it for the
 * page: the panel covers most of the screen, and the links Tab reaches next
 * would be hidden under it (WCAG 2.4.11).
 * Pattern: https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/
 */
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ToggleEvent } from "react";
import { CONTACT_PATH, homeSection } from "../../shared/paths.ts";
import { Container, Icon, PhoneLink, buttonClass } from "../../shared/ui.tsx";
import { useEnhanced } from "./useEnhanced.ts";

export interface MobileMenuProps {
  phone: string;
  /**
   * Where Get Quote leads: the home page's hero on the home page (the specification), the quote page
   * elsewhere.
   */
  quote?: string;
}

const PANEL_ID = "mobile-menu";

export default function MobileMenu({ phone, quote = homeSection("home") }: MobileMenuProps) {
  const enhanced = useEnhanced();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // The tap that woke the island may have opened the popover before React was listening.
  useEffect(() => {
    const el = panel.current;
    if (!el?.matches(":popover-open")) return;
    setOpen(true);
    if (!el.contains(document.activeElement)) focusFirstLink(el);
  }, []);

  const onToggle = (e: ToggleEvent<HTMLElement>) => {
    const isOpen = e.newState === "open";
    setOpen(isOpen);
    if (isOpen) focusFirstLink(e.currentTarget);
  };

  const onClick = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as Element).closest("a")) e.currentTarget.hidePopover();
  };

  // Back to the toggle (Shift+Tab from the first link) keeps it open; anywhere else on the page closes it.
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    const to = e.relatedTarget;
    if (
      to &&
      !e.currentTarget.contains(to) &&
      to !== toggle.current &&
      e.currentTarget.matches(":popover-open")
    )
      e.currentTarget.hidePopover();
  };

  return (
    <>
      <button
        ref={toggle}
        type="button"
        popoverTarget={PANEL_ID}
        aria-controls={PANEL_ID}
        aria-expanded={enhanced ? open : undefined}
        aria-label="Menu"
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-200 text-ink lg:hidden"
      >
        <Icon name={open ? "close" : "menu"} className="h-6 w-6" />
      </button>
      {/* The click handler only hears clicks on the links inside (keyboard activation included) to close the panel. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events,
          jsx-a11y/no-noninteractive-element-interactions */}
      <nav
        ref={panel}
        id={PANEL_ID}
        popover="auto"
        aria-label="Mobile"
        onToggle={onToggle}
        onClick={onClick}
        onBlur={onBlur}
        // The popover's UA styles centre it in the viewport; pin it under the sticky header instead.
        className="fixed inset-x-0 top-18 bottom-auto m-0 max-h-[calc(100dvh-4.5rem)] w-full max-w-none overflow-y-auto border-0 border-t border-slate-200 bg-white p-0 text-ink shadow-xl lg:hidden"
      >
        <Container className="py-4">
          <ul className="space-y-1">
            <li>
              <a href={homeSection("home")} className={link}>
                Home
              </a>
            </li>
            <li>
              <a href={homeSection("services")} className={link}>
                Services
              </a>
            </li>
            <li>
              <a href={homeSection("suburbs")} className={link}>
                List of Suburbs
              </a>
            </li>
            <li>
              <a href={homeSection("about")} className={link}>
                About Us
              </a>
            </li>
            <li>
              <a href={homeSection("testimonials")} className={link}>
                Testimonials
              </a>
            </li>
            <li>
              <a href={CONTACT_PATH} className={link}>
                Contact Us
              </a>
            </li>
          </ul>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <PhoneLink
              phone={phone}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold text-brand-800 ring-1 ring-brand-200 forced-colors:border"
              iconClassName="h-4 w-4"
              prefix="Call "
            />
            <a href={quote} className={buttonClass()}>
              Get Quote
            </a>
          </div>
        </Container>
      </nav>
    </>
  );
}

const focusFirstLink = (el: HTMLElement) => el.querySelector("a")?.focus();

const link = "block rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-brand-50";
