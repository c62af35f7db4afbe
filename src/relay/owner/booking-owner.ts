/**
 * What the owner's booking features (issue 51) are given (compose.ts), and what each of their
 * steps reads: the store, the owner's chat, the log and the clock, and the booking's own settings.
 */
import type { BookingRules } from "../booking/days.ts";
import type { LinkSigner } from "../booking/link.ts";
import type { BusinessHours } from "../clock.ts";
import type { LeadStore } from "../leads/store.ts";
import type { TelegramOptions } from "../telegram/client.ts";
import type { SiteServices } from "../../shared/forms/quote-details.ts";

export interface BookingOwner {
  rules: BookingRules;
  /** The opening hours in the business's time zone, and its clock. */
  hours: BusinessHours;
  signer: () => Promise<LinkSigner>;
  /** RELAY_ORIGIN: where the customer's link points. Without it, no quote is sent. */
  origin?: string;
  /** Whether the relay sends email (EMAIL_API_KEY, EMAIL_FROM, OWNER_EMAIL). */
  email: boolean;
  /** The site's services, which name the one a quote is for. */
  services?: SiteServices;
}

export interface Ctx {
  store: LeadStore;
  telegram: TelegramOptions;
  log: (message: string) => void;
  now: () => number;
  booking: BookingOwner;
}
