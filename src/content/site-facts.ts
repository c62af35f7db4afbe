/**
 * What the form relay is told of the site, from content/ like every page
 * (decision 0058): the phone the contact form's failure text names, the two
 * numbers and the pages a call tap is counted for (decision 0057), and the
 * opening hours the owner's reminders and morning digest keep, and whether the
 * privacy policy names an email provider (the relay sends email only if it
 * does, decision 0063), and the booking rules (content/booking.yaml, issue 51).
 * One function
 * for every host: `npm run serve` hands the facts to the Node relay,
 * `npm run relay:deploy` to the Worker as its variables.
 */
import type { Content } from "./content.ts";
import { isIndexable, routes } from "./routes.ts";
import { siteServices } from "./services.ts";

export function siteFacts(content: Content) {
  const { phone, landline, hours, timeZone } = content.site;
  return {
    phone,
    landline,
    // The hours without their labels, which only the pages show.
    hours: hours.map(({ days, opens, closes }) => ({ days, opens, closes })),
    timeZone,
    // Every page a visitor can be on: the 404 page answers addresses that are not pages.
    pages: routes(content)
      .filter(isIndexable)
      .map((r) => r.path),
    // The owner's prices, when content/pricing.yaml exists: the relay works out the notice's estimate from
    // them.
    ...(content.pricing ? { prices: content.pricing } : {}),
    // What the forms offer and the notice names: the relay checks a post against them.
    services: siteServices(content),
    colours: content.site.colours,
    // The site's own address, not SITE_URL's: the confirmation links to it.
    business: {
      name: content.site.name,
      url: content.site.url.replace(/\/$/, ""),
      replyWithinHours: content.site.claims.replyWithinHours,
    },
    emailProvider: content.privacy.emailProvider ?? ("none" as const),
    // content/booking.yaml's rules for the days a customer may choose and how long a quote stands.
    booking: {
      quoteValidDays: content.booking.quoteValidDays,
      jobsPerDay: content.booking.jobsPerDay,
      noticeDays: content.booking.noticeDays,
      weeksAhead: content.booking.weeksAhead,
      blockedDays: content.booking.blockedDays,
    },
  };
}
