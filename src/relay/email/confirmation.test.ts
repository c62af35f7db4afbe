/**
 * The visitor's confirmation stays a purely factual message (decision 0063): the Spam Act 2003
 * exempts it from the rules for commercial email only while it stays factual, so nothing in it may
 * offer, discount, promote or ask for a review. A word of that kind in the subject, the text or
 * the HTML's visible words fails here, whichever template or content it came from.
 */
import { describe, expect, it } from "vitest";
import { visibleText } from "../../testing/html.ts";
import { confirmationEmail } from "./confirmation.ts";
import { CLOCK } from "../testing/business.ts";
import { clockIn } from "../clock.ts";
import { TEST_BUSINESS, TEST_SERVICES } from "../testing/services.ts";

/** Words that make an email commercial, or ask for something beyond the enquiry. */
const COMMERCIAL =
  /\b(offers?|discounts?|\d+ ?% ?off|per ?cent off|sale|deals?|promo(tion)?s?|specials?|vouchers?|coupons?|save|savings|free|bonus|reviews?|rate us|ratings?|stars?|refer(ral)?s?|newsletters?|subscribe|book now|limited time)\b/i;

const lead = {
  form: "contact" as const,
  fields: {
    name: "Ann Lee",
    email: "ann@example.com",
    phone: "0412 345 678",
    service: "bond-cleaning",
    message: "Three bedrooms, want a discount?",
  },
  receivedAt: Date.parse("2026-11-27T01:30:00Z"),
};
const email = confirmationEmail(lead, "ann@example.com", {
  phone: "0491 570 156",
  clock: CLOCK,
  business: TEST_BUSINESS,
  services: TEST_SERVICES,
});
const words = [email.subject, email.text, visibleText(email.html ?? "")];

describe("the visitor's confirmation", () => {
  it("says only what happened: who we are, when it arrived, what was chosen, when we reply, how to call, the privacy policy", () => {
    const text = email.text;
    expect(text).toContain("Jacaranda Cleaning Co.");
    expect(text).toContain("27 November 2026 at 11:30 am (Brisbane time)");
    expect(text).toContain("Bond Cleaning Brisbane");
    expect(text).toContain("We reply within 24 hours");
    expect(text).toContain("0491 570 156");
    expect(text).toMatch(/https:\/\/\S+\/privacy-policy\//);
    expect(email.html).toContain('href="tel:+61491570156"');
  });

  it("says when it arrived on the business's own clock, naming its zone: another business's, daylight saving and all", () => {
    const elsewhere = confirmationEmail(lead, "ann@example.com", {
      phone: "0491 570 156",
      clock: clockIn("Australia/Hobart"),
      business: TEST_BUSINESS,
    });
    // 01:30 UTC on 27 November is 12:30 pm AEDT (UTC+11) in Hobart.
    expect(elsewhere.text).toContain(
      "We received your request on 27 November 2026 at 12:30 pm (Hobart time).",
    );
    expect(visibleText(elsewhere.html!)).toContain("27 November 2026 at 12:30 pm (Hobart time)");
    expect(elsewhere.text).not.toContain("Brisbane");
  });

  it("carries no offer, discount, promotion or review request, and nothing the visitor typed", () => {
    for (const part of words) expect(part).not.toMatch(COMMERCIAL);
    for (const part of words)
      for (const typed of ["Ann Lee", "0412 345 678", "Three bedrooms"]) expect(part).not.toContain(typed);
  });

  it("(the check itself) fails on a confirmation that gained an offer or a review request", () => {
    for (const added of [
      "10% off your first clean",
      "Leave us a review",
      "Special offer this week",
      "Save $50 when you book now",
    ]) {
      expect(`${email.text}\n${added}`).toMatch(COMMERCIAL);
    }
  });
});
