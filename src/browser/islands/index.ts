/**
 * Every island, by name. A component is an island because it is listed here
 * and lives in this folder; its props must be plain JSON. The server renders
 * it inside an {@link Island} mark, and src/client/islands.ts hydrates it.
 */
import ContactForm from "./ContactForm.tsx";
import Faq from "./Faq.tsx";
import MobileMenu from "./MobileMenu.tsx";
import NavMenu from "./NavMenu.tsx";
import QuoteForm from "./QuoteForm.tsx";

export const islands = { ContactForm, Faq, MobileMenu, NavMenu, QuoteForm };
export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = Parameters<(typeof islands)[N]>[0];

/**
 * What wakes an island (src/client/islands.ts): "interaction", a focus in it
 * or a click or tap on it; "hover", also a mouse pointer over it (the desktop
 * menus, which open on hover). Never the page loading or scrolling.
 */
export type HydrateOn = "interaction" | "hover";
