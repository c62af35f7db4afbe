import { describe, expect, it } from "vitest";
import { cutText, isolateDirection, oneLine } from "./text.ts";

const wellFormed = (s: string) => !/\p{Cs}/u.test(s);

describe("cutText", () => {
  it("leaves out an emoji that does not fit whole, rather than keeping half of it", () => {
    const cut = cutText(`${"a".repeat(199)}🎉`, 200);
    expect(cut).toBe("a".repeat(199));
    expect(wellFormed(cut)).toBe(true);
    // What a plain slice keeps: half the emoji.
    expect(wellFormed(`${"a".repeat(199)}🎉`.slice(0, 200))).toBe(false);
  });

  it("keeps an emoji that ends exactly at the limit, and text within it unchanged", () => {
    expect(cutText(`${"a".repeat(198)}🎉`, 200)).toBe(`${"a".repeat(198)}🎉`);
    expect(cutText("short 🧽", 200)).toBe("short 🧽");
    expect(cutText("abc", 0)).toBe("");
  });

  it("turns lone surrogates already in the text into U+FFFD, and never returns more than max code units", () => {
    expect(cutText("half \uD83D pair \uDE00", 200)).toBe("half \uFFFD pair \uFFFD");
    for (let max = 0; max < 12; max++) {
      const cut = cutText("🎉a🎉\uDC00b🎉🎉", max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(wellFormed(cut)).toBe(true);
    }
  });
});

describe("isolateDirection", () => {
  it("isolates a name with right-to-left letters, and leaves any other as typed", () => {
    expect(isolateDirection("سارة أحمد")).toBe("\u2068سارة أحمد\u2069");
    expect(isolateDirection("Sara שרה")).toBe("\u2068Sara שרה\u2069");
    // Adlam, outside the Basic Multilingual Plane, is written right to left too.
    expect(isolateDirection("\u{1E900}\u{1E922}")).toBe("\u2068\u{1E900}\u{1E922}\u2069");
    expect(isolateDirection("Ann Lee")).toBe("Ann Lee");
    expect(isolateDirection("Zoë Ngô 李")).toBe("Zoë Ngô 李");
  });

  it("cannot be closed early by a visitor's own marks: a one-line value has none left", () => {
    const typed = oneLine("\u2069\u202Eسارة\u2066");
    expect(isolateDirection(typed)).toBe("\u2068سارة\u2069");
  });
});
