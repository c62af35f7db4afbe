/**
 * The business's promises written out in the content's own words ("our 7-day bond back guarantee", "10% off
 * your first clean", "within 72 hours and we'll re-clean it") must say what site.yaml's claims say: the terms
 * page is built from claims, so a figure typed elsewhere that differs advertises a promise the terms do not
 * make: the Australian Consumer Law (Sch 2, Competition and Consumer Act 2010 (Cth)) forbids misleading
 * conduct in trade (s 18) and false or misleading representations about the existence or effect of a
 * guarantee (s 29; https://www.australiancompetitionlaw.org/legislation/provisions/acl18.html). Changing a
 * claim then fails the build at every line still saying the old figure, instead of publishing pages that
 * contradict the terms.
 */
import type { SiteData } from "../../content/content.ts";
import { locate } from "./locate.ts";
import type { ContentProblem } from "./problems.ts";
import type { Parsed } from "./read-file.ts";

type Claims = SiteData["claims"];

/**
 * A figure as the content writes it, and the claim it must equal: every match in a value counts, as a value
 * can hold several.
 */
const RULES: { pattern: RegExp; claim: keyof Claims; what: string }[] = [
  {
    pattern: /(\d+)[- ]day bond[- ]back guarantee/gi,
    claim: "bondBackGuaranteeDays",
    what: "bond back guarantee's days",
  },
  {
    pattern: /(\d+)\s?% (?:off|discount)/gi,
    claim: "firstCleanDiscountPercent",
    what: "first clean's discount",
  },
  {
    pattern: /(\d+)[- ]hours?\b(?=[^.!?]*re-?clean)|re-?clean[^.!?]*?\b(\d+)[- ]hours?\b/gi,
    claim: "recleanWindowHours",
    what: "re-clean window's hours",
  },
];

/**
 * The promise to beat a written quote, as the content writes it ("We beat any written quote", "a written quote
 * from another cleaner … we'll beat it"): the terms state it only when claims.beatsAWrittenQuote is true.
 */
const BEATS_A_QUOTE = /\bbeat (?:any |a |their |the |your )?written quote|\bwritten quote\b[^.!?]*\bbeat\b/i;

/** Each text value of a file's data, with its path. */
function* texts(value: unknown, at: (string | number)[] = []): Generator<[string, (string | number)[]]> {
  if (typeof value === "string") yield [value, at];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* texts(v, [...at, i]);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) yield* texts(v, [...at, k]);
}

export function claimFigureProblems(
  claims: Claims,
  files: { data: unknown; parsed: Parsed }[],
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { data, parsed } of files) {
    for (const [text, at] of texts(data)) {
      const beats = claims.beatsAWrittenQuote ? null : text.match(BEATS_A_QUOTE);
      if (beats)
        problems.push(
          locate(
            parsed,
            at,
            `says "${beats[0]}", but site.yaml's claims does not say beatsAWrittenQuote: true, so the terms make no such promise: write it there, or leave the promise out here`,
          ),
        );
      for (const { pattern, claim, what } of RULES) {
        for (const match of text.matchAll(pattern)) {
          const figure = Number(match[1] ?? match[2]);
          if (claims[claim] === undefined) {
            problems.push(
              locate(
                parsed,
                at,
                `says "${match[0]}", but site.yaml's claims has no ${claim}: write the ${what} there, as the terms state it`,
              ),
            );
          } else if (figure !== Number(claims[claim])) {
            problems.push(
              locate(
                parsed,
                at,
                `says "${match[0]}", but site.yaml's claims.${claim} is ${claims[claim]}, the ${what} the terms and every page built from claims give: write the same figure in both`,
              ),
            );
          }
        }
      }
    }
  }
  return problems;
}
