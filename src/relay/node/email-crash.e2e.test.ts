/**
 * The Node relay killed (SIGKILL) between recording an email and hearing the
 * provider's answer, then started again on the same store: the email, recorded
 * before it was sent, goes again under the same Idempotency-Key, and the
 * Resend stand-in answers it from the key: one email (decision 0063). The
 * relay runs in a child process (src/relay/testing/relay-process.ts).
 */
import { describe, expect, it } from "vitest";
import { NEVER_OPEN, waitFor } from "../testing/leads.ts";
import { crashBench } from "../testing/relay-child.ts";
import { openLeadStore } from "./sqlite.ts";

const bench = crashBench({ BUSINESS_HOURS: NEVER_OPEN });

describe("the Node relay killed between recording an email and its answer", () => {
  it("sends the confirmation once after a restart: the retry is answered from the key", async () => {
    const first = await bench.start();
    // Resend takes the email, then answers 3 s later: the relay is killed before it hears back (and a
    // retry while that first request runs would be answered 409 concurrent_idempotent_requests).
    bench.resend.on({ kind: "ok", answerDelayMs: 3_000 });
    const res = await fetch(`${first.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ann", email: "ann@example.com" }),
    });
    expect(res.status).toBe(200);
    await waitFor("the confirmation to reach the stand-in", () => bench.resend.delivered.length === 1);
    first.child.kill("SIGKILL");
    await first.exited;

    const opened = openLeadStore(bench.db.file);
    const [lead] = await opened.store.list();
    const [recorded] = await opened.store.emails.forLead(lead.id);
    opened.close();
    // Written down before the send, and marked as an attempt that may have sent it.
    expect(recorded).toMatchObject({ kind: "visitor-confirmation", status: "pending", uncertain: true });

    const second = await bench.start();
    await waitFor("the retry after the restart", () => bench.resend.requests.some((r) => r.replayed));
    await waitFor("the retry's answer recorded", () => {
      const store = openLeadStore(bench.db.file);
      try {
        return (
          (store.db.prepare("SELECT status FROM lead_emails").get() as { status?: string } | undefined)
            ?.status === "sent"
        );
      } finally {
        store.close();
      }
    });
    expect(bench.resend.delivered).toHaveLength(1);
    expect(
      bench.resend.requests.filter((r) => r.idempotencyKey === `visitor-confirmation/${lead.id}`).length,
    ).toBeGreaterThanOrEqual(2);
    second.child.kill("SIGKILL");
  }, 60_000);
});
