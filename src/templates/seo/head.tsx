/**
 * The search and sharing tags of one page's <head>: canonical address, Open
 * Graph and Twitter card, icons, manifest, theme colour and JSON-LD. All of it
 * comes from site.yaml, the page's own title and description, and its route.
 */
import type { SiteData } from "../../content/content.ts";
import { APPLE_TOUCH_ICON, FAVICON_ICO, ICON_SVG, MANIFEST, OG_IMAGE, themeColour } from "./brand.ts";
import { jsonForScript } from "./jsonld.ts";
import { absoluteUrl } from "./urls.ts";

export interface SeoTagsProps {
  site: SiteData;
  title: string;
  description: string;
  /** The route's path, e.g. "/about-us/". */
  path: string;
  noindex?: boolean;
  jsonLd?: object;
}

export function SeoTags({ site, title, description, path, noindex, jsonLd }: SeoTagsProps) {
  // The 404 page answers at every unknown address, so it claims none as its own.
  const url = noindex ? undefined : absoluteUrl(site, path);
  const image = absoluteUrl(site, OG_IMAGE.path);
  const imageAlt = `${site.name}: ${site.tagline}`;
  return (
    <>
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_AU" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content={OG_IMAGE.type} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      {/* X (Twitter) reads the og: title, description and image; only the card type is its own. */}
      <meta name="twitter:card" content="summary_large_image" />
      <link rel="icon" href={FAVICON_ICO} sizes="32x32" />
      <link rel="icon" href={ICON_SVG} type="image/svg+xml" />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
      <link rel="manifest" href={MANIFEST} />
      <meta name="theme-color" content={themeColour(site)} />
      {jsonLd && <JsonLd data={jsonLd} />}
    </>
  );
}

/** A JSON-LD block: data for search engines, never run, so the CSP's script-src does not apply. */
function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
