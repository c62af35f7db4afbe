/**
 * The brand files the head, the manifest and the structured data point to.
 * They are rendered once from the SVGs beside them in content/images/ by
 * `npm run brand-images` and committed, so the build needs no browser.
 */
import type { SiteData } from "../../content/content.ts";

/** The browser's theme colour (the manifest's and each page's `theme-color`): the brand's 700 (site.yaml). */
export const themeColour = (site: SiteData) => site.colours.brand.shade700;
/** The installed app's background while it starts: the pages' own. */
export const APP_BACKGROUND = "#ffffff";

export const OG_IMAGE = {
  path: "/images/og-image.png",
  width: 1200,
  height: 630,
  type: "image/png",
} as const;

/** Served from the site root too, because browsers ask for /favicon.ico on their own. */
export const FAVICON_ICO = "/favicon.ico";
export const ICON_SVG = "/images/icon.svg";
export const APPLE_TOUCH_ICON = "/images/apple-touch-icon.png";
export const MANIFEST = "/site.webmanifest";

export const MANIFEST_ICONS = [
  { src: "/images/icon-192.png", sizes: "192x192", type: "image/png" },
  { src: "/images/icon-512.png", sizes: "512x512", type: "image/png" },
  { src: "/images/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;
