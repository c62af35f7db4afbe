/**
 * Each content mistake an owner or a newcomer makes, on a copy of content/, and the sentence the
 * build answers with: what is wrong and what to write instead (issue 57). A YAML syntax mistake is
 * one problem for its file, at the line changed, with a plain hint.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brokenContent, contentWithPricing, lineOf, problemsOf } from "../../testing/content-problems.ts";
import { contentCopy } from "../../testing/new-suburb.ts";
import { addSuburb } from "./new-suburb.ts";

const ANNERLEY_POSTCODE = /^ {4}postcode: "4103"$/m;

describe("a value of the wrong kind says what to write", () => {
  it.each([
    [
      "a postcode without quotes",
      ANNERLEY_POSTCODE,
      "    postcode: 4103",
      'postcode: expected text, got the number 4103: put it in quotes, "4103"',
    ],
    [
      "header: yes",
      /^ {4}header: true$/m,
      "    header: yes",
      'header: expected true or false, got "yes": write true',
    ],
    [
      "a number in quotes",
      /^ {4}distanceFromCbdKm: 6\.2$/m,
      '    distanceFromCbdKm: "6.2"',
      'distanceFromCbdKm: expected a number, got "6.2": write it without quotes, 6.2',
    ],
    ["an empty field", /^ {4}name: "Annerley"$/m, "    name:", "name: is empty: write text after the colon"],
  ])("%s", (_, line, replacement, sentence) => {
    const dir = brokenContent("suburbs.yaml", (t) => t.replace(line, replacement));
    expect(problemsOf(dir)).toEqual([
      `suburbs.yaml:${lineOf(dir, "suburbs.yaml", new RegExp(`^${replacement.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`))} suburbs[0] "annerley" → ${sentence}`,
    ]);
  });

  it("a price with a dollar sign, and one with a comma, in the owner's price table", () => {
    const row = "{ bedrooms: 1, bathrooms: 1, price: 290 }";
    const dollar = contentWithPricing((t) => t.replace(row, "{ bedrooms: 1, bathrooms: 1, price: $290 }"));
    expect(problemsOf(dollar)).toContainEqual(
      expect.stringMatching(
        /byRooms\[0\]\.price: expected a number, got "\$290": write it without the \$, 290$/,
      ),
    );
    const comma = contentWithPricing((t) => t.replace(row, "{ bedrooms: 1, bathrooms: 1, price: 1,290 }"));
    expect(problemsOf(comma)).toContainEqual(
      expect.stringMatching(
        /unknown field "290": a comma in a number starts a new field here; write the number without commas \(1290, not 1,290\)$/,
      ),
    );
  });

  it("a date written 2026-12-31 is given back as the pages write it", () => {
    const dir = brokenContent("privacy.yaml", (t) => t.replace(/^updated: .*$/m, "updated: 2026-12-31"));
    expect(problemsOf(dir)).toEqual([
      `privacy.yaml:${lineOf(dir, "privacy.yaml", /^updated:/)} → updated: expected a date such as "24 November 2026", got "2026-12-31": write it "31 December 2026"`,
    ]);
  });
});

describe("npm run new-suburb's numbers", () => {
  it("are left empty with FILL IN as a comment, and take the number typed after the colon", () => {
    const dir = contentCopy();
    addSuburb(dir, "Quokka Flats", "4055");
    const file = path.join(dir, "suburbs.yaml");
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/^ {4}distanceFromCbdKm: # FILL IN: kilometres from the city centre, e\.g\. 6\.2/m);
    const line = lineOf(dir, "suburbs.yaml", /^ {4}distanceFromCbdKm: # FILL IN/);
    expect(problemsOf(dir)).toContain(
      `suburbs.yaml:${line} suburbs[29] "quokka-flats" → distanceFromCbdKm: still to fill in: kilometres from the city centre, e.g. 6.2, or delete the line`,
    );
    // The owner types the figure after the colon and leaves the comment: a number, and filled.
    writeFileSync(file, text.replace(/^( {4}distanceFromCbdKm:) #/m, "$1 6.2 #"));
    expect(problemsOf(dir).join("\n")).not.toMatch(/distanceFromCbdKm/);
  });
});

describe("a YAML syntax mistake", () => {
  it("is one problem at the line indented two spaces too far, saying how to indent", () => {
    const dir = brokenContent("suburbs.yaml", (t) => t.replace(ANNERLEY_POSTCODE, '      postcode: "4103"'));
    expect(problemsOf(dir)).toEqual([
      `suburbs.yaml:${lineOf(dir, "suburbs.yaml", /^ {6}postcode: "4103"$/)} → YAML syntax: this line is indented 6 spaces and the one above it 4: the fields of one group start at the same column, two spaces in from the field they belong to, like the lines around them`,
    ]);
  });

  it("is one problem for a sentence with a colon, saying to put it in quotes", () => {
    const dir = brokenContent("suburbs.yaml", (t) =>
      t.replace(
        /^( {4}intro: )"Moving out of a rental near Annerley Junction[^\n]*"$/m,
        "$1Moving out: we clean Annerley homes",
      ),
    );
    expect(problemsOf(dir)).toEqual([
      `suburbs.yaml:${lineOf(dir, "suburbs.yaml", /^ {4}intro: Moving out:/)} → YAML syntax: a colon followed by a space starts a new field: put a sentence with a colon in quotes, e.g. intro: "Moving out: we clean it"`,
    ]);
  });
});
