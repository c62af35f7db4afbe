/**
 * The email stand-in holds to what Resend's POST /emails does, each rule
 * through plain fetch calls (no relay client): the door (User-Agent, key),
 * the rate limit and its headers, idempotency keys (replayed, reused with
 * another body, in progress, expired, refused requests that keep no key),
 * the fields and their shapes, the verified domain, the size limit, and
 * faults on demand. The sources are cited in email-stand-in.ts beside each rule.
 */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  startEmailStandIn,
  TEST_DOMAIN,
  TEST_FROM,
  type EmailStandIn,
  type EmailStandInOptions,
} from "./email-stand-in.ts";

const opened: EmailStandIn[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function standIn(options: EmailStandInOptions = {}): Promise<EmailStandIn> {
  // A high rate by default so that tests not about the limit never meet it.
  const s = await startEmailStandIn({ requestsPerSecond: 1_000, ...options });
  opened.push(s);
  return s;
}

interface Answer {
  status: number;
  headers: Headers;
  body: { id?: string; statusCode?: number; name?: string; message?: string };
}

const EMAIL = {
  from: TEST_FROM,
  to: ["visitor@example.com"],
  subject: "We have your request",
  text: "Thanks.",
};

/** One POST /emails; `headers` over the usual ones (a value of null leaves that header out). */
async function post(
  s: EmailStandIn,
  body: unknown = EMAIL,
  headers: Record<string, string | null> = {},
  signal?: AbortSignal,
): Promise<Answer> {
  const all: Record<string, string | null> = {
    Authorization: `Bearer ${s.apiKey}`,
    "Content-Type": "application/json",
    "User-Agent": "test/1",
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null));
  const res = await fetch(`${s.apiUrl}/emails`, {
    method: "POST",
    headers: sent,
    body:
      typeof body === "string"
        ? body
        : body instanceof Uint8Array
          ? new Uint8Array(body)
          : JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : { message: text },
  };
}

describe("the door", () => {
  it("takes an email with its key and User-Agent, answers its id, and records it", async () => {
    const s = await standIn();
    const a = await post(s);
    expect(a.status).toBe(200);
    expect(a.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.delivered).toEqual([
      expect.objectContaining({
        id: a.body.id,
        from: TEST_FROM,
        to: ["visitor@example.com"],
        subject: "We have your request",
        text: "Thanks.",
      }),
    ]);
    expect(s.requests).toEqual([
      expect.objectContaining({ status: 200, replayed: false, userAgent: "test/1" }),
    ]);
  });

  it("refuses no User-Agent with Cloudflare's 403 1010, no key with 401 missing_api_key, a wrong key with 401 validation_error", async () => {
    const s = await standIn();
    // Node's fetch adds a User-Agent of its own (a Worker's fetch need not): node:http sends none.
    const noAgent = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const req = request(
        `${s.apiUrl}/emails`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${s.apiKey}`, "Content-Type": "application/json" },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(EMAIL));
    });
    expect(noAgent).toEqual({ status: 403, text: "error code: 1010" });
    expect(await post(s, EMAIL, { Authorization: null })).toMatchObject({
      status: 401,
      body: {
        statusCode: 401,
        name: "missing_api_key",
        message: "Missing API key in the authorization header.",
      },
    });
    expect(await post(s, EMAIL, { Authorization: "Bearer re_wrong" })).toMatchObject({
      status: 401,
      body: { name: "validation_error", message: "API key is invalid" },
    });
    expect(await post(s, EMAIL, { Authorization: s.apiKey })).toMatchObject({
      status: 401,
      body: { name: "validation_error" },
    });
    expect(s.delivered).toHaveLength(0);
    expect(s.calls).toBe(4);
  });

  it("answers another path 404 not_found and another method 405 method_not_allowed", async () => {
    const s = await standIn();
    expect((await fetch(`${s.apiUrl}/email`, { method: "POST" })).status).toBe(404);
    const get = await fetch(`${s.apiUrl}/emails`);
    expect([get.status, ((await get.json()) as { name: string }).name]).toEqual([405, "method_not_allowed"]);
  });
});

describe("the rate limit", () => {
  it("takes the limit in one second, answers the next 429 with retry-after, and carries the ratelimit headers on every answer", async () => {
    let clock = Date.UTC(2026, 10, 27, 1, 2, 3, 250);
    const s = await standIn({ requestsPerSecond: 2, now: () => clock });
    const first = await post(s, { ...EMAIL, subject: "1" });
    const second = await post(s, { ...EMAIL, subject: "2" });
    const third = await post(s, { ...EMAIL, subject: "3" });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect([
      first.headers.get("ratelimit-remaining"),
      second.headers.get("ratelimit-remaining"),
      third.headers.get("ratelimit-remaining"),
    ]).toEqual(["1", "0", "0"]);
    expect(third.body).toMatchObject({ statusCode: 429, name: "rate_limit_exceeded" });
    expect(third.headers.get("retry-after")).toBe("1");
    expect(third.headers.get("ratelimit-reset")).toBe("1");
    expect(s.delivered.map((e) => e.subject)).toEqual(["1", "2"]);
    // The window is the clock's second, not a second from the first request.
    clock += 749;
    expect((await post(s, { ...EMAIL, subject: "4" })).status).toBe(429);
    clock += 1;
    expect((await post(s, { ...EMAIL, subject: "5" })).status).toBe(200);
  });
});

describe("idempotency keys", () => {
  it("answers the same key and body with the first id and sends nothing more", async () => {
    const s = await standIn();
    const first = await post(s, EMAIL, { "Idempotency-Key": "visitor-confirmation/lead-1" });
    const again = await post(s, EMAIL, { "Idempotency-Key": "visitor-confirmation/lead-1" });
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } });
    expect(s.delivered).toHaveLength(1);
    expect(s.requests.map((r) => r.replayed)).toEqual([false, true]);
    // The same body in another key order is the same body.
    const reordered = Object.fromEntries(Object.entries(EMAIL).reverse());
    expect((await post(s, reordered, { "Idempotency-Key": "visitor-confirmation/lead-1" })).body.id).toBe(
      first.body.id,
    );
    // Another key is another email.
    expect((await post(s, EMAIL, { "Idempotency-Key": "owner-lead/lead-1" })).body.id).not.toBe(
      first.body.id,
    );
    expect(s.delivered).toHaveLength(2);
  });

  it("refuses the same key with another body: 409 invalid_idempotent_request", async () => {
    const s = await standIn();
    await post(s, EMAIL, { "Idempotency-Key": "k" });
    const changed = await post(s, { ...EMAIL, text: "Thanks again." }, { "Idempotency-Key": "k" });
    expect(changed).toMatchObject({
      status: 409,
      body: { statusCode: 409, name: "invalid_idempotent_request" },
    });
    expect(changed.body.message).toContain("the request body was modified");
    expect(s.delivered).toHaveLength(1);
  });

  it("answers a key whose first request is still being answered 409 concurrent_idempotent_requests, then its id", async () => {
    const s = await standIn();
    s.on({ kind: "ok", answerDelayMs: 300 });
    const slow = post(s, EMAIL, { "Idempotency-Key": "k" });
    await expect.poll(() => s.delivered.length, { message: "the slow request's email is accepted" }).toBe(1);
    expect(await post(s, EMAIL, { "Idempotency-Key": "k" })).toMatchObject({
      status: 409,
      body: { name: "concurrent_idempotent_requests" },
    });
    const first = await slow;
    expect((await post(s, EMAIL, { "Idempotency-Key": "k" })).body.id).toBe(first.body.id);
    expect(s.delivered).toHaveLength(1);
  });

  it("keeps the key when the answer was lost: a retry after a timeout gets the email's id, not a second email", async () => {
    const s = await standIn();
    s.on({ kind: "ok", answerDelayMs: 400 });
    await expect(post(s, EMAIL, { "Idempotency-Key": "k" }, AbortSignal.timeout(100))).rejects.toThrow();
    expect(s.delivered).toHaveLength(1);
    await s.answered();
    expect(await post(s, EMAIL, { "Idempotency-Key": "k" })).toMatchObject({
      status: 200,
      body: { id: s.delivered[0].id },
    });
    expect(s.delivered).toHaveLength(1);
  });

  it("forgets a key after 24 hours, and keeps none for a refused request", async () => {
    let clock = Date.UTC(2026, 10, 27);
    const s = await standIn({ now: () => clock });
    await post(s, EMAIL, { "Idempotency-Key": "k" });
    clock += 24 * 60 * 60_000 - 1;
    expect((await post(s, { ...EMAIL, text: "another" }, { "Idempotency-Key": "k" })).status).toBe(409);
    clock += 1;
    expect((await post(s, { ...EMAIL, text: "another" }, { "Idempotency-Key": "k" })).status).toBe(200);
    expect(s.delivered).toHaveLength(2);

    expect((await post(s, { ...EMAIL, to: "not an address" }, { "Idempotency-Key": "fixed" })).status).toBe(
      422,
    );
    expect((await post(s, EMAIL, { "Idempotency-Key": "fixed" })).status).toBe(200);
  });

  it("refuses a key longer than 256 characters: 400 invalid_idempotency_key", async () => {
    const s = await standIn();
    expect(await post(s, EMAIL, { "Idempotency-Key": "k".repeat(257) })).toMatchObject({
      status: 400,
      body: {
        name: "invalid_idempotency_key",
        message: "Idempotency keys, if present, must have between 1 and 256 characters.",
      },
    });
    expect((await post(s, EMAIL, { "Idempotency-Key": "k".repeat(256) })).status).toBe(200);
  });
});

describe("the fields", () => {
  it.each(["from", "to", "subject"])("requires %s: 422 missing_required_field", async (field) => {
    const s = await standIn();
    const body: Record<string, unknown> = { ...EMAIL };
    delete body[field];
    expect(await post(s, body)).toMatchObject({
      status: 422,
      body: { statusCode: 422, name: "missing_required_field", message: `Missing \`${field}\` field.` },
    });
  });

  it.each([
    ["to", "not-an-address"],
    ["to", ["ok@example.com", "a@b"]],
    ["from", "hello@"],
    ["cc", "x y@example.com"],
    ["reply_to", ["Name <no-at-sign>"]],
    ["bcc", 42],
  ])("refuses %s %j: 422 validation_error in Resend's words", async (field, value) => {
    const s = await standIn();
    const a = await post(s, { ...EMAIL, [field]: value });
    expect(a).toMatchObject({
      status: 422,
      body: {
        name: "validation_error",
        message: `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
      },
    });
  });

  it("takes both address forms, a quoted name, and to as one string or up to 50", async () => {
    const s = await standIn();
    expect(
      (await post(s, { ...EMAIL, to: "Sam Smith <sam@example.com>", reply_to: "owner@example.com.au" }))
        .status,
    ).toBe(200);
    expect(
      (await post(s, { ...EMAIL, from: `"Jacaranda Cleaning Co." <hello@${TEST_DOMAIN}>` })).status,
    ).toBe(200);
    const fifty = Array.from({ length: 50 }, (_, i) => `v${i}@example.com`);
    expect((await post(s, { ...EMAIL, to: fifty })).status).toBe(200);
    expect((await post(s, { ...EMAIL, to: [...fifty, "one@example.com"] })).status).toBe(422);
  });

  it("refuses a from on a domain not verified: 403 validation_error", async () => {
    const s = await standIn();
    expect(await post(s, { ...EMAIL, from: "hello@example.com" })).toMatchObject({
      status: 403,
      body: {
        name: "validation_error",
        message: "The example.com domain is not verified. Please, add and verify your domain.",
      },
    });
    s.verifyDomain("Example.com");
    expect((await post(s, { ...EMAIL, from: "hello@example.com" })).status).toBe(200);
    s.unverifyDomain("example.com");
    expect((await post(s, { ...EMAIL, from: "hello@example.com" })).status).toBe(403);
  });

  it("checks tags, headers and attachments by their documented shapes", async () => {
    const s = await standIn();
    expect((await post(s, { ...EMAIL, tags: [{ name: "kind", value: "owner-lead" }] })).status).toBe(200);
    expect((await post(s, { ...EMAIL, tags: [{ name: "kind", value: "owner lead" }] })).status).toBe(422);
    expect((await post(s, { ...EMAIL, tags: [{ name: "k".repeat(257), value: "v" }] })).status).toBe(422);
    expect((await post(s, { ...EMAIL, headers: { "X-Entity-Ref-ID": "123" } })).status).toBe(200);
    expect((await post(s, { ...EMAIL, headers: { "X-Ref": "1\r\nBcc: x@example.com" } })).status).toBe(422);
    expect(await post(s, { ...EMAIL, attachments: [{ filename: "a.txt" }] })).toMatchObject({
      status: 422,
      body: { name: "invalid_attachment" },
    });
  });

  it("is stricter than Resend on purpose: unknown fields, line breaks in the subject, no body, lone surrogates, not JSON", async () => {
    const s = await standIn();
    const refusals = [
      await post(s, { ...EMAIL, replyTo: "x@example.com" }),
      await post(s, { ...EMAIL, subject: "Hi\r\nBcc: x@example.com" }),
      await post(s, { from: EMAIL.from, to: EMAIL.to, subject: "no body" }),
      await post(
        s,
        `{"from":${JSON.stringify(TEST_FROM)},"to":"a@example.com","subject":"\\ud83d","text":"x"}`,
      ),
      await post(s, "{not json"),
      await post(s, new Uint8Array([0x7b, 0xff, 0x7d])),
      await post(s, EMAIL, { "Content-Type": "text/plain" }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([422, 422, 422, 422, 400, 400, 400]);
    for (const r of refusals) expect(r.body.message).toMatch(/^\(stand-in\) /);
    expect(s.delivered).toHaveLength(0);
  });

  it("refuses a request over the size limit (40 MB; lowered here)", async () => {
    const s = await standIn({ maxEmailBytes: 1_000 });
    expect((await post(s, { ...EMAIL, text: "x".repeat(2_000) })).status).toBe(422);
    expect((await post(s, EMAIL)).status).toBe(200);
  });
});

describe("faults on demand", () => {
  it("answers the planned faults in order, then normally; always holds until cleared; reset forgets all", async () => {
    const s = await standIn();
    s.on(
      { kind: "tooMany", retryAfter: 7 },
      { kind: "quota", which: "daily" },
      { kind: "quota", which: "monthly" },
      { kind: "error" },
      { kind: "down" },
      { kind: "serverError" },
      { kind: "refuse", status: 403, name: "validation_error", message: "nope" },
    );
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await post(s));
    expect(answers.map((a) => [a.status, a.body.name])).toEqual([
      [429, "rate_limit_exceeded"],
      [429, "daily_quota_exceeded"],
      [429, "monthly_quota_exceeded"],
      [500, "application_error"],
      [503, "service_unavailable"],
      [502, undefined],
      [403, "validation_error"],
    ]);
    expect(answers[0].headers.get("retry-after")).toBe("7");
    expect(answers[5].headers.get("content-type")).toBe("text/html");
    expect((await post(s)).status).toBe(200);

    s.always({ kind: "down" });
    expect([(await post(s)).status, (await post(s)).status]).toEqual([503, 503]);
    s.always(undefined);
    expect((await post(s)).status).toBe(200);
    expect(s.delivered).toHaveLength(2);

    s.on({ kind: "down" });
    s.reset();
    expect((await post(s)).status).toBe(200);
    expect([s.delivered.length, s.calls]).toEqual([1, 1]);
  });

  it("delays, or never answers (and sends nothing)", async () => {
    const s = await standIn();
    s.on({ kind: "ok", delayMs: 150 }, { kind: "hang" });
    const began = performance.now();
    expect((await post(s)).status).toBe(200);
    expect(performance.now() - began).toBeGreaterThanOrEqual(140);
    await expect(post(s, EMAIL, {}, AbortSignal.timeout(200))).rejects.toThrow();
    expect(s.delivered).toHaveLength(1);
    expect(s.calls).toBe(2);
  });
});
