/**
 * The Node relay killed (SIGKILL) between recording an email and hearing the
 * provider's answer, then started again on the same store: the email, recorded
 * before it was sent, goes again under the same Idempotency-Key, and the
 * Resend stand-in answers it from the key: one email (decision 0063). The
 * relay runs in a child process (src/relay/testing/relay-process.ts).
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEVER_OPEN, tempLeadsDb, waitFor } from "../testing/leads.ts";
import { startRelayChild, type RelayChild } from "../testing/relay-child.ts";
import { startEmailStandIn, TEST_FROM, type EmailStandIn } from "../testing/email-stand-in.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { openLeadStore } from "./sqlite.ts";

let tg: StandIn;
let resend: EmailStandIn;
let db: ReturnType<typeof tempLeadsDb>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  tg = await startTelegramStandIn();
  resend = await startEmailStandIn({ requestsPerSecond: 1_000 });
});
afterAll(async () => {
  await tg.close();
  await resend.close();
});
beforeEach(() => {
  db = tempLeadsDb();
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  tg.reset();
  resend.reset();
  db.remove();
});

function startRelay(): Promise<RelayChild> {
  return startRelayChild(
    {
      TELEGRAM_BOT_TOKEN: tg.token,
      TELEGRAM_CHAT_ID: tg.chatId,
      TELEGRAM_API_BASE: tg.apiBase,
      EMAIL_API_KEY: resend.apiKey,
      EMAIL_FROM: TEST_FROM,
      OWNER_EMAIL: "owner@example.com.au",
      EMAIL_API_URL: resend.apiUrl,
      LEADS_DB: db.file,
      SPAM_CHECKS: "off",
      BUSINESS_HOURS: NEVER_OPEN,
      RATE_LIMIT_PER_MINUTE: "10000",
      TEST_ATTEMPT_TIMEOUT_MS: "2000",
    },
    children,
  );
}

describe("the Node relay killed between recording an email and its answer", () => {
  it("sends the confirmation once after a restart: the retry is answered from the key", async () => {
    const first = await startRelay();
    // Resend takes the email, then answers 3 s later: the relay is killed before it hears back (and a
    // retry while that first request runs would be answered 409 concurrent_idempotent_requests).
    resend.on({ kind: "ok", answerDelayMs: 3_000 });
    const res = await fetch(`${first.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ann", email: "ann@example.com" }),
    });
    expect(res.status).toBe(200);
    await waitFor("the confirmation to reach the stand-in", () => resend.delivered.length === 1);
    first.child.kill("SIGKILL");
    await first.exited;

    const opened = openLeadStore(db.file);
    const [lead] = await opened.store.list();
    const [recorded] = await opened.store.emails.forLead(lead.id);
    opened.close();
    // Written down before the send, and marked as an attempt that may have sent it.
    expect(recorded).toMatchObject({ kind: "visitor-confirmation", status: "pending", uncertain: true });

    const second = await startRelay();
    await waitFor("the retry after the restart", () => resend.requests.some((r) => r.replayed));
    await waitFor("the retry's answer recorded", () => {
      const store = openLeadStore(db.file);
      try {
        return (
          (store.db.prepare("SELECT status FROM lead_emails").get() as { status?: string } | undefined)
            ?.status === "sent"
        );
      } finally {
        store.close();
      }
    });
    expect(resend.delivered).toHaveLength(1);
    expect(
      resend.requests.filter((r) => r.idempotencyKey === `visitor-confirmation/${lead.id}`).length,
    ).toBeGreaterThanOrEqual(2);
    second.child.kill("SIGKILL");
  }, 60_000);
});
