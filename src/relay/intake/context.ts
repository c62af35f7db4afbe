/**
 * What the relay's routes are given (relay.ts makes it): the options a host
 * composes (compose.ts), and the same with every default filled in.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import type { QuoteOffer, SiteServices } from "../../shared/forms/quote-details.ts";
import type { BrandColours } from "../../shared/colours.ts";
import type { FormBodies } from "../../shared/forms/schema.ts";
import type { PriceTable } from "../../shared/pricing/table.ts";
import { FORM_PATHS } from "../../shared/relay-paths.ts";
import type { Clock } from "../clock.ts";
import type { Health } from "../leads/policy.ts";
import type { BookingDoor } from "../booking/door.ts";
import type { LeadStore } from "../leads/store.ts";
import type { TapCheck, TapSite } from "./call-taps.ts";
import type { LeadNotice } from "./lead-notice.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { SpamGuard } from "./spam.ts";

export interface RelayOptions {
  store: LeadStore;
  /** Starts delivering a just-stored lead; the answer waits for it at most `answerBudgetMs`. */
  deliverNow?: (id: string) => Promise<void>;
  health: () => Promise<Health>;
  /** The spam check; without it (SPAM_CHECKS=off) every valid post is a lead. */
  spam?: SpamGuard;
  /** Other sites' origins allowed to post here (the site itself always is). */
  allowedOrigins: string[];
  /**
   * This relay's own origin (RELAY_ORIGIN): set, the site is this origin, not whatever Host a request names.
   */
  ownOrigin?: string;
  rateLimitPerMinute: number;
  /** A shared limiter (Workers); by default one in this process's memory. */
  limiter?: RateLimiter;
  /**
   * The site's pages and numbers: a call tap is counted only for them, and without them none is
   * (call-taps.ts).
   */
  callTaps?: TapSite;
  /** A shared limiter for call taps (Workers); by default CALL_TAPS_PER_MINUTE in this process's memory. */
  tapLimiter?: RateLimiter;
  /** How many proxies stand in front of the relay (TRUST_PROXY); 0 ignores X-Forwarded-For. */
  trustProxy?: number;
  /** The business phone, for the contact form's failure text. */
  phone: string;
  /** The business's clock: the notice's time, the day a call tap is counted for. */
  clock: Clock;
  /**
   * The owner's price table the site was built with (content/pricing.yaml): the notice's estimate is worked
   * out from it.
   */
  prices?: PriceTable;
  /**
   * The site's services and add-ons: a post is checked against them, and the notice names them; undefined
   * (a relay told nothing of the site): any service shaped as one is taken, and named as it came.
   */
  services?: SiteServices;
  /** The brand's colours (content/site.yaml): the page for a post without script is drawn in them. */
  colours?: BrandColours;
  /** The relay sends email: the result page's form names Resend beside it (decision 0063). */
  emailNotice?: boolean;
  /**
   * With email on: the most visitor confirmations one client may cause in an hour (clientShare,
   * leads/email-records.ts), taken as each lead is kept; undefined: no share is counted.
   */
  clientShare?: number;
  answerBudgetMs?: number;
  now?: () => Date;
  log?: (message: string) => void;
  /** The customer's accept page (GET and POST /api/book); without it, its path is not found. */
  booking?: BookingDoor;
  /**
   * The owner's button presses through Telegram's webhook (telegram/updates.ts); without it the webhook path
   * is not found.
   */
  updates?: { secret: string; handle(update: unknown): Promise<unknown> };
}

/**
 * The options as the routes read them: defaults filled in, the limiters made, the site's taps checked by
 * tapCheck.
 */
export type Intake = Required<
  Pick<
    RelayOptions,
    | "store"
    | "health"
    | "allowedOrigins"
    | "trustProxy"
    | "phone"
    | "clock"
    | "answerBudgetMs"
    | "now"
    | "log"
    | "limiter"
    | "tapLimiter"
  >
> &
  Pick<
    RelayOptions,
    | "deliverNow"
    | "spam"
    | "updates"
    | "ownOrigin"
    | "prices"
    | "services"
    | "colours"
    | "emailNotice"
    | "clientShare"
    | "booking"
  > & {
    ownTap: TapCheck | undefined;
    /** What the site's forms offer (quoteOffer): the result page's choices, the add-ons a quote may hold. */
    offer: QuoteOffer;
    /** Each form's check, for the site's services. */
    bodies: FormBodies;
    /** A kept post's notice for the owner, and a quote request's estimate, the site's facts bound. */
    notice: LeadNotice;
  };

/** Where a request came from, as the host saw the connection. */
export type Client = { clientAddress?: string } | undefined;
/** A post's fields as read, before the form's schema checks them. */
export type Fields = Record<string, unknown>;

export const FORMS = Object.entries(FORM_PATHS).map(([form, path]) => [path, form as FormKind] as const);
/** The path, with or without a slash at the end. */
export const at = (url: URL, path: string) => url.pathname === path || url.pathname === `${path}/`;
