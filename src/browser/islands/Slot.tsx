/**
 * Static markup inside an island (a list of links, an answer's text): the
 * server renders it once, and when the island wakes the loader reads it back
 * from the page (src/browser/loader/islands.ts) instead of carrying it a second time
 * in the island's JSON props. React keeps it as it is: the HTML it is given
 * is the HTML already there, and it never changes.
 */
export function Slot({ html }: { html: string }) {
  return <div data-slot="" className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
