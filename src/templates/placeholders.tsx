/**
 * The suburb pages' shared words (content/suburb-pages.yaml) with each suburb's own put in: "Bond
 * Cleaning {suburb} {postcode}" → "Bond Cleaning Quokka Flats 4055". As a string for a title or a
 * breadcrumb; as the children of an element, each stand-in's value a text of its own and each "terms
 * apply" linked, as a template writing them in JSX renders them.
 */
import { Fragment, type ReactNode } from "react";
import type { SiteData, SuburbData } from "../content/content.ts";
import { fillStandIns, standInPieces, type SuburbPlaceholder } from "../content/schema/suburb-pages.ts";
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

export const filledText = fillStandIns;

const TERMS_APPLY = /(terms apply)/i;

export function FilledWords({ words, values }: { words: string; values: SuburbValues }): ReactNode {
  return standInPieces(words, values).flatMap((p, i) =>
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
