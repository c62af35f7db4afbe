/**
 * A stand-in for Resend's email API on 127.0.0.1, for tests: POST /emails as
 * strict as the real one, each rule cited beside its code (decision 0060).
 * Sources: the API reference (https://resend.com/docs/api-reference/introduction),
 * Send Email (https://resend.com/docs/api-reference/emails/send-email), Errors
 * (https://resend.com/docs/api-reference/errors), Idempotency Keys
 * (https://resend.com/docs/dashboard/emails/idempotency-keys), Usage Limits
 * (https://resend.com/docs/api-reference/rate-limit), the 1010 page
 * (https://resend.com/docs/knowledge-base/403-error-1010), and real answers
 * quoted in resend/resend-node issue 286.
 *
 * Like the real one it refuses a request without a User-Agent (403, error
 * 1010) or without a valid key (401); counts requests in one-second windows
 * (2 a second by default, see REQUESTS_PER_SECOND) and answers the one too
 * many 429 rate_limit_exceeded with retry-after, every answer carrying the
 * ratelimit-* headers; checks the Idempotency-Key (1 to 256 characters) and
 * answers the same key with the same body with the first answer's id and no
 * second email, the same key with another body 409 invalid_idempotent_request,
 * and a key whose first request is still being answered 409
 * concurrent_idempotent_requests, for 24 hours; requires from, to and subject
 * (422 missing_required_field), at most 50 recipients in `to`, addresses in the
 * `email@example.com` or `Name <email@example.com>` form (422 validation_error
 * "Invalid `to` field…"), a `from` on a verified domain (403 validation_error
 * "The … domain is not verified…"), tags of ASCII letters, digits, _ and -, and
 * at most 40 MB a request. Faults on demand (`on`, `always`): a 429, a quota
 * used up, a 500, a 503, a proxy's 502 page, a delay, no answer at all, an
 * email accepted whose answer comes late (or never), or any refusal.
 *
 * Stricter than Resend on purpose, so a mistake in the relay shows (Resend's
 * behaviour here is not documented): a field Send Email does not list is
 * refused; a Content-Type other than application/json, a body that is not
 * UTF-8 or JSON, a string with a lone surrogate, a subject or header value with
 * a line break or control, and an email with neither html nor text are refused;
 * the wording of these refusals is the stand-in's own, marked "(stand-in)".
 * Simpler than Resend: templates, scheduling and attachments are not
 * simulated beyond their shape; nothing is delivered anywhere, only recorded.
 */
import { createServer, type Server } from "node:http";
import type { EmailBehaviour, EmailStandIn, EmailStandInOptions } from "./email/api.ts";
import { makeCore, type Core } from "./email/core.ts";
import { handle } from "./email/door.ts";
import { listening } from "../../testing/ports.ts";

export * from "./email/api.ts";

/** Its parts: the door (email/door.ts), Send Email itself (send.ts), over one state (core.ts). */
export async function startEmailStandIn(options: EmailStandInOptions = {}): Promise<EmailStandIn> {
  const c = makeCore(options);
  const server = createServer((req, res) => {
    c.answering++;
    void handle(c, req, res).finally(() => {
      if (--c.answering > 0) return;
      for (const resolve of c.waiters.splice(0)) resolve();
    });
  });
  return new ResendStandIn(c, server, await listening(server));
}

/** What a test holds of the stand-in: what it took, and its hand on the faults and the domains. */
class ResendStandIn implements EmailStandIn {
  constructor(
    private readonly c: Core,
    private readonly server: Server,
    readonly apiUrl: string,
  ) {}
  get apiKey() {
    return this.c.apiKey;
  }
  get delivered() {
    return this.c.state.delivered;
  }
  get requests() {
    return this.c.state.requests;
  }
  get calls() {
    return this.c.state.requests.length;
  }
  on(...behaviours: EmailBehaviour[]) {
    this.c.state.planned.push(...behaviours);
  }
  always(behaviour: EmailBehaviour) {
    this.c.state.fallback = behaviour;
  }
  answered() {
    return this.c.answering === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => this.c.waiters.push(resolve));
  }
  verifyDomain(domain: string) {
    this.c.state.verified.add(domain.toLowerCase());
  }
  unverifyDomain(domain: string) {
    this.c.state.verified.delete(domain.toLowerCase());
  }
  reset() {
    this.c.reset();
  }
  close() {
    return new Promise<void>((resolve) => {
      for (const timer of this.c.timers) clearTimeout(timer);
      this.c.timers.clear();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
