/**
 * What the relay keeps of a posted attribution value (attributionValue, which
 * attributionOf applies to each field): one line, at most ATTRIBUTION_MAX
 * UTF-16 units, never half an emoji, since the value reaches Telegram in the
 * notice's "From" line and Telegram refuses text that is not UTF-8.
 */
import { describe, expect, it } from "vitest";
import { ATTRIBUTION_MAX, attributionOf, attributionValue } from "./attribution.ts";

const wellFormed = (s: string) => !/\p{Cs}/u.test(s);

describe("attributionValue", () => {
  it("cuts a utm_campaign of 199 letters and an emoji to the 199 letters: the emoji is left out whole", () => {
    const campaign = `${"c".repeat(ATTRIBUTION_MAX - 1)}🎉`;
    const kept = attributionOf({ utm_campaign: campaign }).utm_campaign!;
    expect(kept).toBe("c".repeat(ATTRIBUTION_MAX - 1));
    expect(wellFormed(kept)).toBe(true);
  });

  it("keeps an emoji that fits, and makes a lone surrogate in the post U+FFFD", () => {
    expect(attributionValue(`${"c".repeat(ATTRIBUTION_MAX - 2)}🎉`)).toBe(
      `${"c".repeat(ATTRIBUTION_MAX - 2)}🎉`,
    );
    expect(attributionValue("spring \uD83D sale")).toBe("spring \uFFFD sale");
  });

  it("keeps every field one line: line and paragraph separators become spaces and direction marks (LRM, RLM, ALM too) go, so no field can forge a line", () => {
    const forged = "spring\u2028Phone: 0400 000 000\u2029x";
    const kept = attributionOf({
      utm_campaign: forged,
      utm_source: "g\u200eo\u200fo\u061cgle",
      source: "a\u0085b",
      page: "/\u2028/evil",
    });
    expect(kept).toEqual({
      utm_campaign: "spring Phone: 0400 000 000 x",
      utm_source: "google",
      source: "a b",
      page: "/ /evil",
    });
    for (const value of Object.values(kept))
      expect(value).not.toMatch(/[\r\n\u0085\u2028\u2029\u061c\u200e\u200f]/);
  });

  it("still puts control characters out as spaces, removes bidirectional controls, and keeps nothing of a blank value", () => {
    expect(attributionValue("a\u0000b\u202ec\n")).toBe("a bc");
    expect(attributionValue(" \t ")).toBeUndefined();
    expect(attributionValue(42)).toBeUndefined();
  });
});
