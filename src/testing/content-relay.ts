/**
 * The relay told of a site's content as a host tells it (siteFacts), in this process, on a lead store
 * of its own: a form's post and the owner's notices it stored, for the tests of a business's content.
 */
import type { Content } from "../content/content.ts";
import { siteFacts } from "../content/site-facts.ts";
import { clockIn } from "../relay/clock.ts";
import { createRelay } from "../relay/intake/relay.ts";
import { tempLeadStore } from "../relay/testing/leads.ts";
import type { FormKind } from "../shared/forms/fields.ts";

export function relayFor(content: Content) {
  const leads = tempLeadStore();
  const facts = siteFacts(content);
  const handler = createRelay({
    store: leads.store,
    health: async () => ({ ok: true, telegram: "ok", pending: 0, oldestPendingSeconds: 0, undeliverable: 0 }),
    allowedOrigins: [],
    rateLimitPerMinute: 100,
    phone: facts.phone,
    clock: clockIn(facts.timeZone),
    services: facts.services,
    colours: facts.colours,
    log: () => {},
  });
  return {
    /** A visitor's post of `form` with `fields` beside a name and an email, as a script sends it. */
    post: (form: FormKind, fields: Record<string, string>) =>
      handler(
        new Request(`http://relay.test/api/${form}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Ann", email: "ann@example.com", message: "Hi", ...fields }),
        }),
      ),
    /** Each stored lead's notice, newest first. */
    notices: async () => (await leads.store.list()).map((lead) => lead.parts!.join("")),
    remove: leads.remove,
  };
}
