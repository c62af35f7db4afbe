/**
 * The visitor's confirmation, filled from the markup the build wrote
 * (confirmation-markup.ts, from content/ and src/templates/ConfirmationEmail.tsx).
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

/**
 * The confirmation for `lead`, to its visitor; `phone`: the business's number as the relay knows it
 * (siteInUse), and `clock` its clock, which says when the lead came.
 */
export function confirmationEmail(
  lead: ConfirmationLead,
  { phone, clock, site }: { phone: string; clock: Clock; site?: SiteServices },
  to: string,
  replyTo?: string,
): EmailMessage {
  const details = chosenDetails(lead.form, lead.fields, site);
  const received = clock.dateTime(lead.receivedAt);
  const slots = { received, phone, phoneHref: telHref(phone) };
  return {
    to,
    replyTo,
    subject: CONFIRMATION_MARKUP.subject,
    html: fillSlots(CONFIRMATION_MARKUP.html, slots, {
      details: details.map((d) => fillSlots(CONFIRMATION_MARKUP.detailRow, d)).join(""),
    }),
    // Raw slots: text is not markup; what fills them is the relay's own words and the form's own labels.
    text: fillSlots(
      CONFIRMATION_MARKUP.text,
      {},
      { received, phone, details: details.map((d) => `- ${d.label}: ${d.value}`).join("\n") },
    ),
  };
}
