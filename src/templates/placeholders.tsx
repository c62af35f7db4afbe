/**
 * The suburb pages' shared words (content/suburb-pages.yaml) with each suburb's own put in: "Bond
 * Cleaning {suburb} {postcode}" → "Bond Cleaning Annerley 4103". As a string for a title or a
 * breadcrumb; as the children of an element, each stand-in's value a text of its own and each "terms
 * apply" linked, as a template writing them in JSX renders them.
 */
import { Fragment, type ReactNode } from "react";
import type { SiteData, SuburbData } from "../content/content.ts";
import { PLACEHOLDER, type SuburbPlaceholder } from "../content/schema/suburb-pages.ts";
import { aOrAn } from "./grammar.ts";
import { withTermsLinks } from "./TermsLinks.tsx";

export type SuburbValues = Record<SuburbPlaceholder, string | undefined>;

/** What each stand-in holds on this suburb's page (undefined: the suburb or the claims have none). */
export function suburbValues(suburb: SuburbData, claims: SiteData["claims"]): SuburbValues {
  const figure = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return {
    suburb: suburb.name,
    postcode: suburb.postcode,
    a: aOrAn(suburb.name),
    km: figure(suburb.distanceFromCbdKm),
    bondBackGuaranteeDays: figure(claims.bondBackGuaranteeDays),
    recleanWindowHours: figure(claims.recleanWindowHours),
    firstCleanDiscountPercent: figure(claims.firstCleanDiscountPercent),
  };
}

/** The words' pieces: the text between stand-ins, and each stand-in's value. */
function pieces(words: string, values: SuburbValues): { text: string; value: boolean }[] {
  return words
    .split(PLACEHOLDER)
    .map((text, i) =>
      // split() with a capturing group puts each stand-in's name at an odd index.
      i % 2 === 1 ? { text: values[text as SuburbPlaceholder] ?? "", value: true } : { text, value: false },
    )
    .filter((p) => p.text !== "");
}

export const filledText = (words: string, values: SuburbValues) =>
  pieces(words, values)
    .map((p) => p.text)
    .join("");

const TERMS_APPLY = /(terms apply)/i;

export function FilledWords({ words, values }: { words: string; values: SuburbValues }): ReactNode {
  return pieces(words, values).flatMap((p, i) =>
    p.value
      ? [p.text]
      : p.text
          .split(TERMS_APPLY)
          .filter((part) => part !== "")
          .map((part, j) =>
            TERMS_APPLY.test(part) ? <Fragment key={`${i}.${j}`}>{withTermsLinks(part)}</Fragment> : part,
          ),
  );
}
