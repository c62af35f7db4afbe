import { describe, expect, it } from "vitest";
import { cutText } from "./text.ts";

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
