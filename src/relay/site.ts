/**
 * The site's facts as the relay goes by them (decision 0058). They come from
 * content/ by one route on every host (siteFacts, src/content/site-facts.ts):
 * handed to the Node relay by `npm run serve`, to the Worker as variables by
 * `npm run relay:deploy` (worker/site-vars.ts). SITE_PHONE and BUSINESS_HOURS
 * override them; what neither gives falls back to the defaults below.
 */
import type { TapSite } from "./intake/call-taps.ts";
import { businessHours, clockIn, type BusinessHours, type HoursLine } from "./clock.ts";
import type { SiteServices } from "../shared/forms/quote-details.ts";
import type { BrandColours } from "../shared/colours.ts";
import type { PriceTable } from "../shared/pricing/table.ts";
import { DEFAULT_RULES, type BookingRules } from "./booking/days.ts";

/** The business as the visitor's confirmation names it (content/site.yaml). */
export interface BusinessFacts {
  name: string;
  /** Its public address, without a trailing slash: "https://www.example.com.au". */
  url: string;
  /** How soon it replies, in hours (claims.replyWithinHours). */
  replyWithinHours: number;
}

export interface SiteFacts {
  /** The main number: the contact form's failure text names it. */
  phone: string;
  /** The second number, on suburb pages: taps on it count too. */
  landline: string;
  /** content/site.yaml's opening hours, for the owner's reminders and morning digest. */
  hours: readonly HoursLine[];
  /** The IANA time zone the hours are in, for every time the relay keeps or writes (clock.ts). */
  timeZone: string;
  /** Every page a visitor can be on ("/", "/suburbs/quokka-flats/"): call taps count for these only. */
  pages: readonly string[];
  /**
   * content/pricing.yaml as the build checked it, when the site has one: the notice's estimate comes from it.
   */
  prices?: PriceTable;
  /**
   * The site's services and add-ons (content/services.yaml, add-ons.yaml): what the forms may post, and the
   * names the notice gives them.
   */
  services?: SiteServices;
  /** The brand's colours (content/site.yaml): the relay's page for a post without script is drawn in them. */
  colours?: BrandColours;
  /** The business the visitor's confirmation names. */
  business?: BusinessFacts;
  /**
   * The email provider the site's privacy policy names (content/privacy.yaml `emailProvider:`), or "none";
   * undefined: not told.
   */
  emailProvider?: "resend" | "none";
  /**
   * content/booking.yaml's rules for the days a customer may choose and how long a quote stands (issue 51);
   * undefined: its defaults (DEFAULT_RULES).
   */
  booking?: BookingRules;
}

/**
 * Without the business's hours (a relay told neither the facts nor BUSINESS_HOURS): every day 8 am to 6 pm.
 */
export const DEFAULT_HOURS: HoursLine[] = [
  {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    opens: "08:00",
    closes: "18:00",
  },
];

export interface SiteInUse {
  phone: string;
  /**
   * The opening hours in the business's time zone, and its clock (hours.clock): UTC for a relay told
   * nothing of the site.
   */
  hours: BusinessHours;
  /** The pages and numbers call taps count for; undefined, and no tap is counted, without both. */
  taps: TapSite | undefined;
  /** The booking rules: the site's, else content/booking.yaml's defaults. */
  booking: BookingRules;
}

/**
 * What the relay goes by: the settings over the facts over the defaults. `site`: as much as the host was
 * told.
 */
export function siteInUse(
  config: { SITE_PHONE?: string; BUSINESS_HOURS?: readonly HoursLine[] },
  site: Partial<SiteFacts> | undefined,
): SiteInUse {
  const numbers = [site?.phone, site?.landline].filter((n): n is string => !!n);
  return {
    phone: config.SITE_PHONE ?? site?.phone ?? "",
    hours: businessHours(
      config.BUSINESS_HOURS ?? site?.hours ?? DEFAULT_HOURS,
      clockIn(site?.timeZone ?? "UTC"),
    ),
    taps: site?.pages?.length && numbers.length ? { pages: site.pages, numbers } : undefined,
    booking: site?.booking ?? DEFAULT_RULES,
  };
}
