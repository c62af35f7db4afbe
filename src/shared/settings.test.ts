import { describe, expect, it } from "vitest";
import { LEADS_RETENTION_DAYS, readWholeNumber } from "./settings.ts";

describe("readWholeNumber", () => {
  it("gives the fallback when unset or blank, the number when in range, and says what is wrong otherwise", () => {
    expect(readWholeNumber(undefined, LEADS_RETENTION_DAYS)).toBe(90);
    expect(readWholeNumber("  ", LEADS_RETENTION_DAYS)).toBe(90);
    expect(readWholeNumber(" 30 ", LEADS_RETENTION_DAYS)).toBe(30);
    for (const bad of ["0", "36501", "1.5", "ninety"])
      expect(readWholeNumber(bad, LEADS_RETENTION_DAYS)).toEqual({
        problem: `expected a whole number from 1 to 36500, got ${JSON.stringify(bad)}`,
      });
  });
});
