/**
 * The visitor's confirmation, filled from the markup the build wrote
 * (confirmation-markup.ts, from src/templates/ConfirmationEmail.tsx) with the
 * business the relay was told of (site.ts) and the lead.
 * It names what the visitor chose from the form's own lists (a service, say) and
 * never repeats what they typed (their name, address or message): the address
 * it goes to is not verified, so the form must not carry someone's words to a
 * stranger's inbox (decision 0063). The same lead makes the same email every
 * time, as the provider's idempotency key requires (decision 0060).
 */
import { serviceName, type FormKind } from "../../shared/forms/fields.ts";
import { FORM_FIELDS } from "../../shared/forms/form-fields.ts";
import type { SiteServices } from "../../shared/forms/quote-details.ts";
import { telHref } from "../../shared/phone.ts";
import { fillSlots } from "../../shared/slots.ts";
import { CONFIRMATION_MARKUP } from "./confirmation-markup.ts";
import { PRIVACY_PATH } from "../../shared/paths.ts";
import type { BusinessFacts } from "../site.ts";
import type { BrandColours } from "../../shared/colours.ts";
import type { EmailMessage } from "./client.ts";
import type { Clock } from "../clock.ts";

const FORM_NAMES: Record<FormKind, string> = { quote: "a quote", contact: "a reply to your message" };

/**
 * The choices a visitor made from the form's lists (the site's services), with their names: never a field
 * they typed. A choice the relay was not told of is left out: its value is the visitor's to send, not a name.
 */
export function chosenDetails(
  form: FormKind,
  fields: Record<string, string>,
  site?: SiteServices,
): { label: string; value: string }[] {
  const services = site?.services ?? [];
  const chosen = FORM_FIELDS[form].flatMap((f) => {
    if (f.control !== "select" || !services.some((s) => s.value === fields[f.name])) return [];
    return [{ label: f.label, value: serviceName(services, fields[f.name]) }];
  });
  return [{ label: "You asked for", value: FORM_NAMES[form] }, ...chosen];
}

export interface ConfirmationLead {
  form: FormKind;
  fields: Record<string, string>;
  receivedAt: number;
}

/** What the relay knows of the site that the confirmation says: the number, the business, its services. */
export interface ConfirmationSite {
  /** The business's number as the relay knows it (siteInUse). */
  phone: string;
  /** The business's clock, which says when the lead came. */
  clock: Clock;
  business: BusinessFacts;
  services?: SiteServices;
  /** The brand's colours: the links are its 800; a dark grey without them. */
  colours?: BrandColours;
}

/** The confirmation for `lead`, to its visitor, from the business the relay was told of. */
export function confirmationEmail(
  lead: ConfirmationLead,
  to: string,
  { phone, clock, business, services, colours }: ConfirmationSite,
  replyTo?: string,
): EmailMessage {
  const details = chosenDetails(lead.form, lead.fields, services);
  // The time and the zone it is in: the visitor may be elsewhere ("27 November 2026 at 11:30 am (Perth time)").
  const received = `${clock.dateTime(lead.receivedAt)} (${clock.timeName})`;
  const said = {
    name: business.name,
    siteUrl: business.url,
    privacyUrl: `${business.url}${PRIVACY_PATH}`,
    replyWithin: String(business.replyWithinHours),
    received,
    phone,
  };
  return {
    to,
    replyTo,
    subject: fillSlots(CONFIRMATION_MARKUP.subject, {}, { name: business.name }),
    html: fillSlots(
      CONFIRMATION_MARKUP.html,
      {
        ...said,
        host: new URL(business.url).host,
        phoneHref: telHref(phone),
        linkColour: colours?.brand.shade800 ?? "#1e293b",
      },
      { details: details.map((d) => fillSlots(CONFIRMATION_MARKUP.detailRow, d)).join("") },
    ),
    // Raw slots: text is not markup; what fills them is the relay's own words, the site's facts and the form's
    // own labels.
    text: fillSlots(
      CONFIRMATION_MARKUP.text,
      {},
      {
        ...said,
        details: details.map((d) => `- ${d.label}: ${d.value}`).join("\n"),
      },
    ),
  };
}
