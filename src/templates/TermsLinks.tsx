/**
 * Content text with every "terms apply" in it linked to the terms page, so a
 * promise's conditions are one tap from wherever it is made. Used wherever a
 * content text may carry a promise; src/templates/pages/legal.test.ts fails on any built
 * page where the words stand unlinked.
 */
import type { ReactNode } from "react";
import { TERMS_PATH } from "../shared/paths.ts";

const TERMS_APPLY = /(terms apply)/i;

export function withTermsLinks(text: string): ReactNode {
  const parts = text.split(TERMS_APPLY);
  if (parts.length === 1) return text;
  // One element around the text and its links, so a flex row (a list item beside its tick) keeps them one
  // line of text.
  return (
    <span>
      {/* split() with a capturing group puts each match at an odd index. */}
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={TERMS_PATH} className="underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </span>
  );
}
