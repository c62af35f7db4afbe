/**
 * What the accept page's route (intake/booking-route.ts) is given by the
 * relay's composition (compose.ts): the booking rules and hours that decide
 * the days, the link signer (its key made once and kept in the store), and
 * how to tell the owner of an acceptance.
 */
import type { SiteServices } from "../../shared/forms/quote-details.ts";
import type { BusinessHours } from "../clock.ts";
import type { LeadStore } from "../leads/store.ts";
import type { BookingRules } from "./days.ts";
import { linkSigner, LINK_KEY_SETTING, newLinkKey, type LinkSigner } from "./link.ts";

export interface BookingDoor {
  rules: BookingRules;
  /** The opening hours in the business's time zone, and its clock, which says until when a quote stands. */
  hours: BusinessHours;
  /** The business phone, which the page offers beside every email to reply to. */
  phone: string;
  /** The site's services, which name the one a quote is for. */
  services?: SiteServices;
  /** The relay's signer, its key read from the store the first time it is asked for. */
  signer(): Promise<LinkSigner>;
  /** Tells the owner of a lead's acceptance now (owner/acceptances.ts); the minute tick does otherwise. */
  accepted?: (leadId: string) => Promise<void>;
}

/** The signer over the key the store keeps, made on first use, once per relay (a Worker's isolate). */
export function storedSigner(store: LeadStore): () => Promise<LinkSigner> {
  let signer: Promise<LinkSigner> | undefined;
  return () => {
    // A store that failed to answer is asked again next time, not remembered as failing.
    signer ??= store.settings.kept(LINK_KEY_SETTING, newLinkKey).then(linkSigner);
    signer.catch(() => (signer = undefined));
    return signer;
  };
}

/** The accept form's fields, as posted: the token, the day and the time of day (nothing else is read). */
export function readBookingForm(raw: string): { token: string; day: string; time: string } {
  const fields = new URLSearchParams(raw);
  return { token: fields.get("q") ?? "", day: fields.get("day") ?? "", time: fields.get("time") ?? "" };
}
