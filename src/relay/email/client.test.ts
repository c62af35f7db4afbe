/**
 * The email client against the Resend stand-in (testing/email-stand-in.ts):
 * what it sends (the key per lead and kind, the User-Agent, one-line subject,
 * well-formed strings), how each answer is read (sent, retry with Resend's
 * wait, settings, this message, a key reused), and that a retry after a lost
 * answer sends no second email.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmailStandIn, TEST_DOMAIN, type EmailStandIn } from "../testing/email-stand-in.ts";
import { idempotencyKey, sendEmail, USER_AGENT, type EmailMessage, type EmailRef } from "./client.ts";
import type { EmailSettings } from "./settings.ts";
import { retryAfterMs } from "../retry.ts";

let resend: EmailStandIn;
beforeAll(async () => {
  resend = await startEmailStandIn({ requestsPerSecond: 1_000 });
});
afterAll(() => resend.close());
beforeEach(() => resend.reset());

const settings = (over: Partial<EmailSettings> = {}): EmailSettings => ({
  apiUrl: resend.apiUrl,
  apiKey: resend.apiKey,
  from: { name: "Jacaranda Cleaning Co.", address: `hello@${TEST_DOMAIN}` },
  ownerEmail: "owner@example.com.au",
  fallbackMinutes: 5,
  confirmationsPerHour: 20,
  digest: false,
  ...over,
});
const REF: EmailRef = { leadId: "0b6e4c1e-8d1f-4a53-9a57-0c2f5d1b7e11", kind: "visitor-confirmation" };
const MESSAGE: EmailMessage = {
  to: "sam@example.com",
  replyTo: "owner@example.com.au",
  subject: "We have your request",
  text: "Thanks, Sam.",
  html: "<p>Thanks, Sam.</p>",
};

describe("what is sent", () => {
  it("sends the message with the lead's key, the User-Agent and tags, and answers Resend's id", async () => {
    const outcome = await sendEmail(settings(), REF, MESSAGE);
    expect(outcome).toEqual({ kind: "sent", id: resend.delivered[0].id });
    expect(resend.delivered[0]).toMatchObject({
      idempotencyKey: `visitor-confirmation/${REF.leadId}`,
      from: `"Jacaranda Cleaning Co." <hello@${TEST_DOMAIN}>`,
      to: ["sam@example.com"],
      replyTo: ["owner@example.com.au"],
      subject: "We have your request",
      text: "Thanks, Sam.",
      html: "<p>Thanks, Sam.</p>",
      tags: [
        { name: "kind", value: "visitor-confirmation" },
        { name: "lead", value: REF.leadId },
      ],
    });
    expect(resend.requests[0].userAgent).toBe(USER_AGENT);
    expect(idempotencyKey({ leadId: "form-abc", kind: "owner-lead" })).toBe("owner-lead/form-abc");
  });

  it("makes the subject one line and every string well-formed, so nothing breaks a header", async () => {
    const outcome = await sendEmail(settings(), REF, {
      ...MESSAGE,
      subject: "Quote from Sam\r\nBcc: victim@example.com\u0000",
      text: "cut emoji \ud83d",
    });
    expect(outcome.kind).toBe("sent");
    expect(resend.delivered[0].subject).toBe("Quote from Sam Bcc: victim@example.com");
    expect(resend.delivered[0].text).toBe("cut emoji \uFFFD");
    expect(resend.delivered[0].bcc).toEqual([]);
  });

  it("makes an encoded word, a direction control or an invisible character in a subject inert", async () => {
    // "=?UTF-8?B?…?=" would be decoded by a mail client: to "Sam\nBcc: x@example.com" with an RLO here.
    const encoded = `=?UTF-8?B?${Buffer.from("Sam\nBcc: x@example.com\u202E").toString("base64")}?=`;
    await sendEmail(settings(), REF, {
      ...MESSAGE,
      subject: `New enquiry from ${encoded} \u202Eevil\u202C\u200B =?iso-8859-1?q?Ann?= (by email)`,
    });
    const { subject } = resend.delivered[0];
    expect(subject).not.toMatch(/=\?[^?\s]*\?[bq]\?/i);
    expect(subject).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
    expect(subject).toBe(
      "New enquiry from = ?UTF-8?B?U2FtCkJjYzogeEBleGFtcGxlLmNvbeKArg== ?= evil = ?iso-8859-1?q?Ann?= (by email)",
    );
  });

  it("refuses a recipient or reply-to that is not an address without a request", async () => {
    expect(
      await sendEmail(settings(), REF, { ...MESSAGE, to: "sam@example.com\r\nBcc: x@example.com" }),
    ).toMatchObject({ kind: "message" });
    expect(await sendEmail(settings(), REF, { ...MESSAGE, replyTo: "a@b" })).toMatchObject({
      kind: "message",
    });
    expect(await sendEmail(settings(), { ...REF, leadId: "x".repeat(300) }, MESSAGE)).toMatchObject({
      kind: "message",
    });
    expect(resend.calls).toBe(0);
  });
});

describe("never twice", () => {
  it("a retry after a lost answer gets the first email's id and sends nothing more", async () => {
    resend.on({ kind: "ok", answerDelayMs: 500 });
    const lost = await sendEmail(settings(), REF, MESSAGE, { timeoutMs: 100 });
    expect(lost).toEqual({ kind: "retry", reason: "network: no answer in time", uncertain: true });
    expect(resend.delivered).toHaveLength(1);
    // While the first is still being answered, Resend says so; the retry is uncertain.
    expect(await sendEmail(settings(), REF, MESSAGE)).toMatchObject({
      kind: "retry",
      name: "concurrent_idempotent_requests",
      uncertain: true,
    });
    await resend.answered();
    expect(await sendEmail(settings(), REF, MESSAGE)).toEqual({ kind: "sent", id: resend.delivered[0].id });
    expect(resend.delivered).toHaveLength(1);
  });

  it("the same lead's other kind is another email; another message under a used key is refused as a key reused", async () => {
    await sendEmail(settings(), REF, MESSAGE);
    expect(
      (
        await sendEmail(
          settings(),
          { ...REF, kind: "owner-lead" },
          { ...MESSAGE, to: "owner@example.com.au" },
        )
      ).kind,
    ).toBe("sent");
    expect(resend.delivered).toHaveLength(2);
    expect(await sendEmail(settings(), REF, { ...MESSAGE, text: "changed" })).toMatchObject({
      kind: "message",
      name: "invalid_idempotent_request",
      keyReused: true,
    });
    expect(resend.delivered).toHaveLength(2);
  });
});

describe("how each answer is read", () => {
  it("429 rate_limit_exceeded: retry after Resend's retry-after", async () => {
    resend.on({ kind: "tooMany", retryAfter: 3 });
    expect(await sendEmail(settings(), REF, MESSAGE)).toMatchObject({
      kind: "retry",
      retryAfterMs: 3_000,
      uncertain: false,
      name: "rate_limit_exceeded",
    });
  });

  it("the real rate limit: the one too many waits about a second", async () => {
    const strict = await startEmailStandIn({
      requestsPerSecond: 1,
      now: () => Date.UTC(2026, 10, 27, 1, 2, 3, 400),
    });
    try {
      const s = settings({ apiUrl: strict.apiUrl });
      expect((await sendEmail(s, REF, MESSAGE)).kind).toBe("sent");
      expect(await sendEmail(s, { ...REF, leadId: "other" }, MESSAGE)).toMatchObject({
        kind: "retry",
        retryAfterMs: 1_000,
        name: "rate_limit_exceeded",
      });
    } finally {
      await strict.close();
    }
  });

  it("a daily quota waits for midnight UTC; a monthly quota is the settings", async () => {
    resend.on({ kind: "quota", which: "daily" }, { kind: "quota", which: "monthly" });
    const now = Date.UTC(2026, 10, 27, 22, 30);
    expect(await sendEmail(settings(), REF, MESSAGE, { now: () => now })).toMatchObject({
      kind: "retry",
      retryAfterMs: 90 * 60_000,
      name: "daily_quota_exceeded",
    });
    expect(await sendEmail(settings(), REF, MESSAGE)).toMatchObject({
      kind: "settings",
      name: "monthly_quota_exceeded",
    });
  });

  it("500, 503 and a proxy's 502 page: retry", async () => {
    resend.on({ kind: "error" }, { kind: "down" }, { kind: "serverError" });
    expect(await sendEmail(settings(), REF, MESSAGE)).toMatchObject({
      kind: "retry",
      name: "application_error",
      uncertain: false,
    });
    expect(await sendEmail(settings(), REF, MESSAGE)).toMatchObject({
      kind: "retry",
      name: "service_unavailable",
    });
    expect(await sendEmail(settings(), REF, MESSAGE)).toEqual({
      kind: "retry",
      reason: "502 (no name): non-JSON answer (text/html)",
      retryAfterMs: undefined,
      uncertain: false,
      name: undefined,
    });
  });

  it("no answer: retry, uncertain; nothing listening: retry, certain it did not go", async () => {
    resend.on({ kind: "hang" });
    expect(await sendEmail(settings(), REF, MESSAGE, { timeoutMs: 150 })).toEqual({
      kind: "retry",
      reason: "network: no answer in time",
      uncertain: true,
    });
    const closed = await startEmailStandIn();
    await closed.close();
    expect(await sendEmail(settings({ apiUrl: closed.apiUrl }), REF, MESSAGE)).toMatchObject({
      kind: "retry",
      uncertain: false,
      reason: expect.stringMatching(/^network: TypeError/),
    });
  });

  it("a wrong key, a domain not verified, a wrong address: the settings, with Resend's words", async () => {
    expect(await sendEmail(settings({ apiKey: "re_wrong" }), REF, MESSAGE)).toEqual({
      kind: "settings",
      name: "validation_error",
      reason: "401 validation_error: API key is invalid",
    });
    expect(
      await sendEmail(settings({ from: { address: "hello@unverified.example.com" } }), REF, MESSAGE),
    ).toMatchObject({
      kind: "settings",
      reason:
        "403 validation_error: The unverified.example.com domain is not verified. Please, add and verify your domain.",
    });
    expect(await sendEmail(settings({ apiUrl: `${resend.apiUrl}/v0` }), REF, MESSAGE)).toMatchObject({
      kind: "settings",
      name: "not_found",
    });
  });

  it("a 422 or 400 about the email: this message, for good", async () => {
    resend.on(
      { kind: "refuse", status: 422, name: "validation_error", message: "Invalid `to` field." },
      { kind: "refuse", status: 400, name: "validation_error", message: "bad field" },
    );
    expect(await sendEmail(settings(), REF, MESSAGE)).toMatchObject({
      kind: "message",
      name: "validation_error",
    });
    expect(await sendEmail(settings(), REF, MESSAGE)).toMatchObject({
      kind: "message",
      reason: "400 validation_error: bad field",
    });
  });
});

describe("retryAfterMs", () => {
  const at = Date.UTC(2026, 10, 27, 0, 0, 0);
  it("reads seconds, an HTTP date, or ratelimit-reset", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "2" }), at)).toBe(2_000);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(at + 5_000).toUTCString() }), at)).toBe(5_000);
    expect(retryAfterMs(new Headers({ "ratelimit-reset": "1" }), at)).toBe(1_000);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), at)).toBeUndefined();
  });
});
