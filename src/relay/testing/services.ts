/**
 * The services, add-ons and business the relay's tests are told of, as a site's facts give them
 * (SiteServices, BusinessFacts): the cleaning business the tests have always posted to, fixed here so
 * that an owner retiring a service in content/ changes no relay test. With the forms' checks for them.
 */
import type { SiteServices } from "../../shared/forms/quote-details.ts";
import {
  formBodies,
  type ContactBody as Contact,
  type QuoteBody as Quote,
} from "../../shared/forms/schema.ts";
import type { BusinessFacts } from "../site.ts";

export const TEST_BUSINESS: BusinessFacts = {
  name: "Jacaranda Cleaning Co.",
  url: "https://www.example.com",
  replyWithinHours: 24,
};

const ALL = ["carpet-steam", "oven", "inside-windows", "walls", "garage", "blinds", "balcony"];

export const TEST_SERVICES: SiteServices = {
  services: [
    {
      value: "bond-cleaning",
      label: "Bond Cleaning Brisbane",
      addOns: ALL,
      propertyDetails: true,
      noticeDay: "move-out",
    },
    { value: "spring-cleaning", label: "Spring Cleaning Brisbane", addOns: ALL, propertyDetails: true },
    {
      value: "office-cleaning",
      label: "Office Cleaning Brisbane",
      addOns: ["carpet-steam", "inside-windows", "blinds"],
      propertyDetails: true,
    },
    { value: "oven-bbq-cleaning", label: "Oven & BBQ Cleaning Brisbane", addOns: [], propertyDetails: true },
    {
      value: "house-cleaning",
      label: "House Cleaning Brisbane",
      addOns: ["oven", "inside-windows", "blinds", "balcony"],
      propertyDetails: true,
    },
    { value: "carpet-cleaning", label: "Carpet Cleaning Brisbane", addOns: [], propertyDetails: true },
  ],
  addOns: [
    { id: "carpet-steam", label: "Carpet steam cleaning", short: "carpet", unit: "room", max: 10 },
    { id: "oven", label: "Oven clean", short: "oven", unit: "oven", max: 2 },
    { id: "inside-windows", label: "Inside windows", short: "windows", unit: "window", max: 40 },
    { id: "walls", label: "Wall spot cleaning", short: "walls", unit: "room", max: 10 },
    { id: "garage", label: "Garage sweep and cobwebs", short: "garage", unit: "garage", max: 1 },
    { id: "blinds", label: "Blinds dusted and wiped", short: "blinds", unit: "window", max: 30 },
    { id: "balcony", label: "Balcony", short: "balcony", unit: "balcony", max: 3 },
  ],
};

/** The forms' checks for TEST_SERVICES, as a relay told of them checks a post. */
export const { quote: QuoteBody, contact: ContactBody } = formBodies(
  TEST_SERVICES.services.map((s) => s.value),
);
export type QuoteBody = Quote;
export type ContactBody = Contact;
