/**
 * content/add-ons.yaml: the extras a visitor may add to a service on the quote page (an oven clean
 * with a bond clean). Each service in services.yaml lists the ones it offers under `addOns:`; the
 * quote page, the relay's check of a quote and the owner's notice all read them from here.
 */
import * as z from "zod";
import { slug, text } from "./common.ts";

/** The most of one add-on the relay takes (ADD_ON_MOST in src/shared/forms/quote-details.ts). */
const MOST = 99;

export const AddOn = z
  .strictObject({
    id: slug.describe(
      'What the quote form posts for it and what services.yaml and pricing.yaml name it by: lowercase words joined by hyphens, e.g. "oven" or "carpet-steam". The build checks that no other add-on uses it.',
    ),
    label: text.describe('What the visitor reads, e.g. "Carpet steam cleaning".'),
    short: text.describe(
      'The owner\'s notice\'s word for it, e.g. "carpet": the notice reads "add-ons: carpet ×3, oven".',
    ),
    unit: text.describe(
      'What one of it is, in the singular, e.g. "room", "oven", "window": the form asks "(rooms)".',
    ),
    max: z
      .number()
      .int({ error: (iss) => `expected a whole number, got ${JSON.stringify(iss.input)}` })
      .min(1, { error: (iss) => `expected 1 or more, got ${JSON.stringify(iss.input)}` })
      .max(MOST, { error: (iss) => `expected at most ${MOST}, got ${JSON.stringify(iss.input)}` })
      .describe("The most a visitor can choose: 1 is a tick box, more asks how many."),
  })
  .describe("One add-on the quote page may offer with a service.");

export const AddOnsFile = z
  .strictObject({
    addOns: z
      .array(AddOn)
      .describe(
        "Every add-on, in the order the quote page lists them; [] for none. A service offers the ones its addOns list names.",
      ),
  })
  .describe(
    "The extras a visitor may add to a service on the quote page. Each service in services.yaml offers the ones its `addOns:` names; with a price table (pricing.yaml), a service it prices offers the add-ons it prices there.",
  );
