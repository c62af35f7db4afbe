import { describe, expect, it } from "vitest";
import { abnChecks, formatAbn } from "./abn.ts";

describe("the ABN check (the ATO's weights and modulus 89)", () => {
  it("passes ABNs whose check digits are right", () => {
    // Oracle's published examples of valid ABNs for the same check (docs.oracle.com, Financials,
    // "Australia").
    for (const abn of [
      "11223491505",
      "20561300000",
      "31010111200",
      "90000100000",
      "60231941111",
      "65118220001",
    ])
      expect(abnChecks(abn), abn).toBe(true);
  });

  it("fails a wrong check digit, two digits swapped, and anything but 11 digits", () => {
    for (const abn of [
      "11223491504",
      "11223494505",
      "12123491505",
      "1122349150",
      "112234915050",
      "1122349150a",
      "",
    ])
      expect(abnChecks(abn), abn).toBe(false);
  });

  it("writes an ABN in groups of 2, 3, 3 and 3 digits", () => {
    expect(formatAbn("11223491505")).toBe("11 223 491 505");
    expect(formatAbn("11 223 491 505")).toBe("11 223 491 505");
  });
});
