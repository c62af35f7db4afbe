/** The lead an ID names: its whole id, or the short one the list shows (the start of it). */
import type { Lead } from "../../src/relay/leads/lead.ts";
import type { LeadStore } from "../../src/relay/leads/store.ts";
import { fail, shown } from "./fail.ts";
import { idsStartingWith } from "../../src/relay/leads/lookups.ts";

/** The id as the list shows it: a form's hash to 6 digits, a script's UUID to its first 8. */
export const shortId = (id: string) => (id.startsWith("form-") ? id.slice(0, 11) : id.slice(0, 8));

/** The whole id of the lead `id` names; fails when none does, or when a short id names more than one. */
export async function leadIdFor(store: LeadStore, id: string): Promise<string> {
  if (await store.get(id)) return id;
  const found = id.length >= 4 ? await idsStartingWith(store.sql, id) : [];
  if (found.length === 1) return found[0];
  if (found.length > 1)
    fail(shown`More than one lead's id starts ${id}: give more of it (--wide shows all).`);
  return fail(shown`No lead with id ${id}. npm run leads lists them.`);
}

export async function findLead(store: LeadStore, id: string): Promise<Lead> {
  const lead = await store.get(await leadIdFor(store, id));
  return lead ?? fail(shown`No lead with id ${id}. npm run leads lists them.`);
}
