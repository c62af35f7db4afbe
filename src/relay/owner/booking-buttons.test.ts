/** The booking's buttons: within Telegram's 64 bytes, read back only as written, labelled safely. */
import { describe, expect, it } from "vitest";
import { MAX_CALLBACK_BYTES } from "./buttons.ts";
import { sendLabel } from "./booking-buttons.ts";
import { confirmButton, dayButton, offerButton } from "./acceptances.ts";
import { holdButton, sendButton } from "./quoting.ts";

const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const FORM_ID = `form-${"ab".repeat(16)}`;
const BUTTONS = [sendButton, holdButton, confirmButton, offerButton, dayButton];

describe("the booking's buttons", () => {
  it("fit Telegram's 64 bytes for either kind of lead id and a six-digit quote number, and read back", () => {
    for (const leadId of [UUID, FORM_ID]) {
      for (const data of [
        confirmButton.data({ leadId, seq: 999_999 }),
        offerButton.data({ leadId, seq: 1 }),
        dayButton.data({ leadId, seq: 999_999, day: "2027-01-15" }),
      ])
        expect(new TextEncoder().encode(data).length).toBeLessThanOrEqual(MAX_CALLBACK_BYTES);
      expect(sendButton.parse(sendButton.data({ leadId, seq: 12 }))).toEqual({ seq: 12, leadId });
      expect(dayButton.parse(dayButton.data({ leadId, seq: 3, day: "2027-01-15" }))).toEqual({
        seq: 3,
        day: "2027-01-15",
        leadId,
      });
    }
  });

  it("read nothing else: another action, a quote 0, a lead id with a colon, no data", () => {
    for (const data of [
      `burn:1:${UUID}`,
      `send:0:${UUID}`,
      `send:1:${UUID}:x`,
      "send:1:",
      "day:1:2027115:x",
      7,
    ])
      for (const b of BUTTONS) expect(b.parse(data), String(data)).toBeUndefined();
  });

  it("name the customer by a first name cut whole, on one line, isolated when right to left", () => {
    expect(sendLabel("Ann Lee")).toBe("Send to Ann");
    expect(sendLabel("  \n")).toBe("Send");
    // 24 code units would end in half of the twelfth emoji: Telegram refuses such a string.
    expect(sendLabel(`a${"😀".repeat(20)}`)).toBe(`Send to a${"😀".repeat(11)}`);
    expect(sendLabel("Ann\u202Eevil")).toBe("Send to Annevil");
    expect(sendLabel("دانا")).toBe("Send to \u2068دانا\u2069");
  });
});
