/** Phone numbers in the owner's notices: international form, so every Telegram client links them. */
import { describe, expect, it } from "vitest";
import { dialable, internationalPhone, phoneShown } from "./phone.ts";

describe("an Australian number in international form", () => {
  it.each([
    ["0412 345 678", "+61 412 345 678"],
    ["0412345678", "+61 412 345 678"],
    ["+61 412 345 678", "+61 412 345 678"],
    ["+61412345678", "+61 412 345 678"],
    ["0061 412 345 678", "+61 412 345 678"],
    ["61 412-345-678", "+61 412 345 678"],
    ["+61 (0) 412 345 678", "+61 412 345 678"],
    ["(07) 3123 4567", "+61 7 3123 4567"],
    ["07.3123.4567", "+61 7 3123 4567"],
    ["02 9876 5432", "+61 2 9876 5432"],
  ])("%s → %s", (typed, international) => {
    expect(internationalPhone(typed)).toBe(international);
  });

  it("leaves alone what is not an Australian mobile or landline: too short, too long, 13 and 1300 numbers, other countries, letters", () => {
    for (const typed of [
      "0412 345 67",
      "0412 345 6789",
      "13 22 11",
      "1300 123 456",
      "+44 20 7946 0958",
      "0412 ABC 678",
      "",
      "Not provided",
      "0512 345 678",
    ])
      expect(internationalPhone(typed)).toBeUndefined();
    expect(phoneShown(" 1300 123 456 ")).toBe("1300 123 456");
    expect(dialable("0412 345 678")).toBe("+61412345678");
    expect(dialable("13 22 11")).toBeUndefined();
  });
});
