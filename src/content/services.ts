/**
 * The site's services and add-ons as the forms and the relay take them (SiteServices,
 * src/shared/forms/quote-details.ts): from content/services.yaml and add-ons.yaml, for the pages the
 * build renders and for the relay's facts (site-facts.ts) alike.
 */
import type { ServiceChoice } from "../shared/forms/fields.ts";
import type { SiteServices } from "../shared/forms/quote-details.ts";
import type { Content } from "./content.ts";

export function siteServices({ services, addOns }: Pick<Content, "services" | "addOns">): SiteServices {
  return {
    services: services.map((s) => ({
      value: s.formValue,
      label: s.name,
      addOns: s.addOns,
      propertyDetails: s.propertyDetails,
      ...(s.noticeDay ? { noticeDay: s.noticeDay } : {}),
    })),
    addOns: addOns.map(({ id, label, short, unit, max }) => ({ id, label, short, unit, max })),
  };
}

/** The services as a form's choices: the value it posts, the name the visitor reads. */
export const serviceChoices = ({ services }: Pick<Content, "services">): ServiceChoice[] =>
  services.map((s) => ({ value: s.formValue, label: s.name }));
