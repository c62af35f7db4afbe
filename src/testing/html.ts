/** Tests read text and attribute values out of HTML: these are React's and escapeMarkup's entities. */
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text an HTML fragment's character references stand for, in one pass, so "&amp;lt;" reads "&lt;". */
export const decodeEntities = (s: string) =>
  s.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi,
    (_, hex?: string, dec?: string, name?: string) =>
      hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : dec
          ? String.fromCodePoint(Number(dec))
          : NAMED[name!.toLowerCase()],
  );

/**
 * The words a reader sees in a page or a piece of one: no style or script, the
 * entities decoded, one space between words. Inline elements (a link, a span,
 * bold) run into the words around them, as React's `<!-- -->` between two
 * pieces of text does; every other tag parts words.
 */
export const visibleText = (html: string) =>
  decodeEntities(
    html
      .replace(/<(style|script)[\s\S]*?<\/\1>/g, " ")
      .replace(/<!-- -->|<\/?(?:a|span|strong|em|b|i)\b[^>]*>/g, "")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
