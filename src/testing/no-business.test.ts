/**
 * No business in the code (decision 0088): what a business is (its name, phone numbers, domain, city and
 * suburbs) lives in its content folder, so the same src/ builds any of them. This fails at each line of
 * src/ that names one of the businesses in the repository (content/ and each fixture), outside tests,
 * their helpers and data, and the files the build writes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "../build/content/load.ts";
import { BOOKING_MARKUP_FILE } from "../build/booking-markup.tsx";
import { EMAIL_MARKUP_FILE } from "../build/email-markup.tsx";
import { RESULT_MARKUP_FILE } from "../build/result-markup.tsx";
import { internationalPhone } from "../shared/phone.ts";
import { filesIn } from "./html-validity.ts";

/** Every business in the repository: content/, and each fixture with a site.yaml. */
const FOLDERS = [
  "content",
  ...readdirSync("fixtures")
    .map((f) => path.join("fixtures", f))
    .filter((f) => existsSync(path.join(f, "site.yaml"))),
];

/**
 * Written by the build, byte for byte (src/build/generated.ts): the result page and the confirmation from the
 * components alone, the booking's page and emails from them and content/ (the repository's business).
 */
const GENERATED = new Set(
  [RESULT_MARKUP_FILE, EMAIL_MARKUP_FILE, BOOKING_MARKUP_FILE].map((f) => path.relative(".", f)),
);
/** Tests, their helpers, the facts files the content tests read, and a test's recorded transcript. */
const NOT_CODE = /\.test\.tsx?$|\/testing\/|\/suburb-facts[\w-]*\.json$|\.transcript\.txt$/;

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What names a business, each as a pattern of its own: the words whole, in any case. */
function namesOf(dir: string): [string, RegExp][] {
  const { site, suburbs } = loadContent(dir);
  const words = [site.name, site.location.locality, ...suburbs.map((s) => s.name)];
  const phones = [site.phone, site.landline].flatMap((p) => [p, p.replace(/\D/g, ""), internationalPhone(p)]);
  return [
    ...words.map((w): [string, RegExp] => [w, new RegExp(`(?<![\\w-])${escaped(w)}(?![\\w-])`, "i")]),
    ...phones.map((p): [string, RegExp] => [p, new RegExp(`(?<![\\d+])${escaped(p)}(?!\\d)`)]),
    // The domain, not one it is the start of (www.example.com is not www.example.com.au).
    [
      new URL(site.url).host,
      new RegExp(`(?<![\\w.-])${escaped(new URL(site.url).host)}(?![\\w-]|\\.\\w)`, "i"),
    ],
  ];
}

describe("src/", () => {
  const code = filesIn("src", "").filter(
    (f) => statSync(f).isFile() && !NOT_CODE.test(f) && !GENERATED.has(f),
  );

  it.each(FOLDERS)("names nothing of %s's business outside tests and generated files", (dir) => {
    const names = namesOf(dir);
    const found: string[] = [];
    for (const file of code)
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const [name, pattern] of names)
            if (pattern.test(line)) found.push(`${file}:${i + 1} names ${JSON.stringify(name)}`);
        });
    expect(found).toEqual([]);
  });

  it("finds each kind of name wherever a line has it, and a word that only contains one nowhere", () => {
    const names = namesOf("fixtures/window-cleaning");
    const named = (line: string) => names.filter(([, p]) => p.test(line)).map(([name]) => name);
    expect(named("<span>{km} km from the HOBART CBD</span>")).toEqual(["Hobart"]);
    expect(named('title="Brightpane Window Cleaning"')).toEqual(["Brightpane Window Cleaning"]);
    expect(named("/suburbs/ in Sandy Bay and Battery Point")).toEqual(["Sandy Bay", "Battery Point"]);
    expect(named('<a href="tel:+61491570006">0491 570 006</a>')).toEqual(["0491 570 006", "+61491570006"]);
    expect(named("https://www.example.org/quote/")).toEqual(["www.example.org"]);
    expect(named("https://www.example.org.au/ or New Townsville, Hobartian, 04915700061")).toEqual([]);
  });
});
