/**
 * The brand's colours (content/site.yaml's `colours:`) as the stylesheet reads them: a Tailwind
 * `@theme inline` block the build compiles with src/styles/site.css, so `bg-brand-700` is the
 * business's own colour and the CSS cache keys on it (src/build/css.ts). Each business built from
 * this code looks like itself; the stylesheet holds no brand of its own.
 */
import { COLOUR_PROPERTIES, colourProperties, type BrandColours } from "../shared/colours.ts";

const block = (lines: string[]) => `@theme inline {\n${lines.map((l) => `  ${l}`).join("\n")}\n}\n`;
/** "--brand-700" → "--color-brand-700", as Tailwind names a colour; "--sparkle" is the highlight. */
const themeName = (property: string) => property.replace(/^--/, "--color-");

/** The pages' theme: each colour written in, as every class carries it (site.css imports Tailwind inline). */
export const brandTheme = (colours: BrandColours) =>
  block(colourProperties(colours).map(([name, value]) => `${themeName(name)}: ${value};`));

/**
 * The relay's page's theme: each colour a custom property of the page (`var(--brand-700)`), which the relay
 * sets from the site's facts (src/relay/intake/page.ts): one committed page for any business.
 */
export const colourVariablesTheme = () =>
  block(COLOUR_PROPERTIES.map((name) => `${themeName(name)}: var(${name});`));
