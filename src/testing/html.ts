/** Tests read text and attribute values out of HTML: these are React's and escapeMarkup's entities. */
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text an HTML fragment's character references stand for, in one pass, so "&amp;lt;" reads "&lt;". */
export const decodeEntities = (s: string) =>
  s.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (_, hex?: string, dec?: string, name?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : NAMED[name!.toLowerCase()],
  );
