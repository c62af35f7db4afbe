/**
 * Every island, by name: the one list. A component is an island because it
 * is listed here and lives in this folder; its props must be plain JSON.
 * Each is listed as a loader, so the browser's loader (src/browser/loader/
 * islands.ts) fetches an island's code only when it wakes, each island its
 * own chunk; the server's render loads them all once (src/templates/islands.ts).
 */
export const islandLoaders = {
  ContactForm: () => import("./ContactForm.tsx"),
  Faq: () => import("./Faq.tsx"),
  MobileMenu: () => import("./MobileMenu.tsx"),
  NavMenu: () => import("./NavMenu.tsx"),
  QuoteForm: () => import("./QuoteForm.tsx"),
  QuotePageForm: () => import("./QuotePageForm.tsx"),
};

export type IslandName = keyof typeof islandLoaders;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>["default"];
export type IslandProps<N extends IslandName> = Parameters<IslandComponent<N>>[0];

/**
 * What wakes an island (src/browser/loader/islands.ts): "interaction", a
 * focus in it or a click or tap on it; "hover", also a mouse pointer over it
 * (the desktop menus, which open on hover). Never the page loading or
 * scrolling.
 */
export type HydrateOn = "interaction" | "hover";
