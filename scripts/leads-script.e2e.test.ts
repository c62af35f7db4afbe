/**
 * `npm run leads` as npm starts it: scripts/leads.ts in its own process, handing runLeads its
 * arguments, environment and output (leads.test.ts tests runLeads itself, in-process).
 */
import { describe, expect, it } from "vitest";
import { openLeadStore } from "../src/relay/node/sqlite.ts";
import { tempLeadsDb } from "../src/relay/testing/leads.ts";
import { leadsInProcess } from "./testing/leads-run.ts";
import { leadsScript } from "../src/relay/testing/leads-script.ts";

/** A name that would clear the screen and turn it red, were it printed raw. */
const ANSI_NAME = "\u001b[2J\u001b[31mRED";
const ESC = "\u001b";

describe("npm run leads as npm starts it, in its own process", () => {
  it("the script hands runLeads its arguments, environment and output, and exits with its code", async () => {
    // A store of its own, closed before the script runs, so what it lists is exactly this one lead.
    const db = tempLeadsDb();
    try {
      const opened = openLeadStore(db.file);
      await opened.store.add({
        id: "lead-one",
        form: "quote",
        fields: { name: `Zoë ${ANSI_NAME}`, email: "one@example.com", message: "" },
        parts: ["n"],
        receivedAt: Date.now(),
      });
      opened.close();
      const env = { LEADS_DB: db.file };
      const [listed, wrong] = await Promise.all([leadsScript([], env), leadsScript(["--\u001b[2J"], env)]);
      expect(listed.stdout).toMatch(/^received\s+form\s+name\s+phone\s+stage\s+id\n/);
      // The name cut to fit 80 columns, after its controls were shown as escapes.
      expect(listed.stdout).toContain("Zoë \\x1b[2J\\x1b[31m");
      expect(listed.stdout).not.toContain(ESC);
      expect(listed).toEqual(await leadsInProcess([], env));
      expect(listed.status).toBe(0);
      expect(wrong.status).toBe(2);
      expect(wrong.stdout).toBe("");
      expect(wrong.stderr).not.toContain(ESC);
      expect(wrong.stderr).toContain("Unknown option --\\x1b[2J.");
      expect(wrong.stderr).toContain("\nUsage: npm run leads ");
    } finally {
      db.remove();
    }
  });
});
