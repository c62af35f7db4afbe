/**
 * The brand's colours as content/site.yaml gives them (`colours:`): each shade the stylesheet draws
 * with, lightest first. The build writes them into each page's stylesheet (src/build/brand.ts); the
 * relay, told them with the site's other facts, into its page for a post without script.
 */
export const SHADES = {
  brand: ["50", "100", "200", "500", "600", "700", "800", "900", "950"],
  accent: ["50", "100", "600", "700", "800"],
} as const;

/**
 * A shade's key in site.yaml: "shade700". Not the bare number: the editor at /admin/ (Sveltia CMS)
 * flattens a file's values to paths with the `flat` library (its author, in
 * github.com/sveltia/sveltia-cms/issues/59), whose unflatten reads a key of digits back as a list's
 * index (github.com/hughsk/flat/issues/103), so a colour keyed "700" could not be saved.
 */
export const shadeKey = <S extends string>(shade: S): `shade${S}` => `shade${shade}`;
type Shades<N extends keyof typeof SHADES> = Record<`shade${(typeof SHADES)[N][number]}`, string>;

export interface BrandColours {
  brand: Shades<"brand">;
  accent: Shades<"accent">;
  highlight: string;
}

/** Each colour's name as a custom property, "--brand-700"; "--sparkle" is the highlight. */
export const COLOUR_PROPERTIES = [
  ...SHADES.brand.map((s) => `--brand-${s}`),
  ...SHADES.accent.map((s) => `--accent-${s}`),
  "--sparkle",
];

/** Each colour with its property's name: ["--brand-700", "#0f766e"], in COLOUR_PROPERTIES' order. */
export const colourProperties = (colours: BrandColours): [string, string][] => {
  const values = [
    ...SHADES.brand.map((s) => colours.brand[shadeKey(s)]),
    ...SHADES.accent.map((s) => colours.accent[shadeKey(s)]),
    colours.highlight,
  ];
  return COLOUR_PROPERTIES.map((name, i) => [name, values[i]]);
};
