/**
 * The email settings: none is email off (said at start-up), all three is email
 * on, some but not all is a refusal naming each one missing; addresses and
 * the key are checked, the key never echoed; a display name or address that
 * could break a header line is refused.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.ts";
import { formatMailbox, parseMailbox } from "./address.ts";
import { emailSettings, emailStartupLine, RESEND_API_URL } from "./settings.ts";

const KEY = "re_AbCdEf123_secretpart";
const ALL = {
  EMAIL_API_KEY: KEY,
  EMAIL_FROM: "Jacaranda Cleaning Co. <hello@mail.example.com.au>",
  OWNER_EMAIL: "owner@example.com.au",
};

/** The problems a ConfigError names, or a failure if none was thrown. */
function problems(env: Record<string, string | undefined>): string[] {
  try {
    emailSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("emailSettings", () => {
  it("is off without any of the three (empty counts as unset), and the start-up line says so", () => {
    expect(emailSettings({})).toBeUndefined();
    expect(emailSettings({ EMAIL_API_KEY: " ", EMAIL_FROM: "", OWNER_EMAIL: undefined })).toBeUndefined();
    expect(emailStartupLine(undefined)).toBe(
      "Email is off: EMAIL_API_KEY, EMAIL_FROM, OWNER_EMAIL are not set, so visitors get no confirmation and the owner no email when Telegram cannot take a lead.",
    );
  });

  it("is on with all three, Resend's address by default, and the line names where, never the key", () => {
    const settings = emailSettings(ALL)!;
    expect(settings).toEqual({
      apiUrl: RESEND_API_URL,
      apiKey: KEY,
      from: { name: "Jacaranda Cleaning Co.", address: "hello@mail.example.com.au" },
      ownerEmail: "owner@example.com.au",
      fallbackMinutes: 5,
      confirmationsPerHour: 20,
      digest: false,
    });
    const line = emailStartupLine(settings);
    expect(line).toBe(
      "Email on: from hello@mail.example.com.au through https://api.resend.com; the owner's copy to owner@example.com.au when Telegram has not taken a lead in 5 minutes; at most 20 confirmations an hour.",
    );
    expect(line).not.toContain(KEY);
  });

  it("refuses some but not all, naming each one missing", () => {
    expect(problems({ EMAIL_API_KEY: KEY })).toEqual([
      "EMAIL_FROM: is missing: set EMAIL_API_KEY, EMAIL_FROM, OWNER_EMAIL together to send email, or none of them to send none",
      "OWNER_EMAIL: is missing: set EMAIL_API_KEY, EMAIL_FROM, OWNER_EMAIL together to send email, or none of them to send none",
    ]);
    expect(problems({ EMAIL_FROM: ALL.EMAIL_FROM, OWNER_EMAIL: ALL.OWNER_EMAIL })).toEqual([
      expect.stringMatching(/^EMAIL_API_KEY: is missing/),
    ]);
  });

  it("checks each value, all at once, and never echoes the key", () => {
    const found = problems({
      EMAIL_API_KEY: "sk_live_secretvalue",
      EMAIL_FROM: "hello at example",
      OWNER_EMAIL: "Owner <owner@example.com.au>",
      EMAIL_API_URL: "http://api.resend.com",
    });
    expect(found).toHaveLength(4);
    expect(found[0]).toMatch(/^EMAIL_API_KEY: does not look like a Resend API key/);
    expect(found[1]).toMatch(/^EMAIL_FROM: is not an email address/);
    expect(found[2]).toMatch(/^OWNER_EMAIL: is not an email address/);
    expect(found[3]).toMatch(/^EMAIL_API_URL: must be https:/);
    expect(found.join("\n")).not.toContain("secretvalue");
  });

  it("refuses a from whose name could break the header, and takes a loopback stand-in's http address", () => {
    expect(
      problems({ ...ALL, EMAIL_FROM: "Jacaranda\r\nBcc: x@example.com <hello@mail.example.com.au>" }),
    ).toEqual([expect.stringMatching(/^EMAIL_FROM: holds a line break/)]);
    expect(problems({ ...ALL, EMAIL_FROM: 'Jac "Co" <hello@mail.example.com.au>' })).toEqual([
      expect.stringMatching(/^EMAIL_FROM: has a display name/),
    ]);
    expect(emailSettings({ ...ALL, EMAIL_API_URL: "http://127.0.0.1:5555" })?.apiUrl).toBe(
      "http://127.0.0.1:5555",
    );
  });
});

describe("mailboxes", () => {
  it("reads a bare address, a name and address, and a quoted name", () => {
    expect(parseMailbox("a@example.com")).toEqual({ ok: true, mailbox: { address: "a@example.com" } });
    expect(parseMailbox("  Sam Smith <sam@example.com> ")).toEqual({
      ok: true,
      mailbox: { name: "Sam Smith", address: "sam@example.com" },
    });
    expect(parseMailbox('"Jacaranda Cleaning Co." <hello@example.com>')).toEqual({
      ok: true,
      mailbox: { name: "Jacaranda Cleaning Co.", address: "hello@example.com" },
    });
  });

  it.each([
    "a@b",
    "a@@example.com",
    "Sam <sam@example.com",
    "<>",
    "a@example.com\n",
    "Sam\u2028Smith <sam@example.com>",
    "Sam <sam@example.com> <x@example.com>",
    "a\u0000@example.com",
  ])("refuses %j", (text) => {
    expect(parseMailbox(text).ok).toBe(false);
  });

  it("writes a name with a special character quoted, and refuses to write one that could break out", () => {
    expect(formatMailbox({ name: "Jacaranda Cleaning Co.", address: "hello@example.com" })).toBe(
      '"Jacaranda Cleaning Co." <hello@example.com>',
    );
    expect(formatMailbox({ name: "Jacaranda", address: "hello@example.com" })).toBe(
      "Jacaranda <hello@example.com>",
    );
    expect(formatMailbox({ address: "hello@example.com" })).toBe("hello@example.com");
    expect(() =>
      formatMailbox({ name: 'x" <evil@example.com>, "y', address: "hello@example.com" }),
    ).toThrow();
  });
});
