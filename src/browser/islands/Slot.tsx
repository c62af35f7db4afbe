/**
 * Static markup inside an island (a list of links, a question and its answer): the
 * server renders it once, and when the island wakes the loader reads it back
 * from the page (src/browser/loader/islands.ts) instead of carrying it a second time
 * in the island's JSON props. React keeps it as it is: the HTML it is given
 * is the HTML already there, and it never changes.
 */
export function Slot({
  html,
  inline = false,
}: {
  html: string;
  /** Phrasing content (a button's label): a span, not a div. */ inline?: boolean;
}) {
  const Tag = inline ? "span" : "div";
  return <Tag data-slot="" className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
