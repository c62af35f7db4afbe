/**
 * content/home.yaml: the home page's sections; its FAQ is faq.yaml, its suburbs grid suburbs.yaml's
 * `homeGrid`.
 */
import * as z from "zod";
import { heading, Image, paragraphs, reasons, sectionText, Seo, Stat, text } from "./common.ts";

export const ServiceCard = z
  .strictObject({
    title: text.describe('The card\'s heading, e.g. "Residential".'),
    description: text.describe("The sentence or two under the card's heading."),
    features: z.array(text).min(1).describe("Short selling points, listed with ticks on the card."),
    image: Image,
  })
  .describe("One card of the home page's services grid.");
export const Testimonial = z
  .strictObject({
    name: text.describe("The customer's name, as they agreed to have it shown."),
    role: text.describe('Who they are, shown under the name, e.g. "Tenant, Quokka Flats".'),
    content: text.describe("What they said, shown in quotation marks."),
    rating: z.number().int().min(1).max(5).describe("Their rating in stars, 1 to 5."),
  })
  .describe("One customer's review.");
export const HomeFile = z.strictObject({
  seo: Seo,
  hero: z
    .strictObject({
      eyebrow: text.describe("The small line above the main heading."),
      heading: text.describe("The home page's main heading."),
      text: text.describe("The paragraph under the main heading."),
      highlights: z
        .array(text)
        .min(1)
        .describe("Short selling points, listed with ticks under the paragraph."),
      formHeading: text.describe("The heading of the quote form beside the hero."),
      formText: text.describe("The line under the quote form's heading."),
    })
    .describe("The top of the home page, beside the quote form."),
  bondIntro: z
    .strictObject({
      heading,
      paragraphs,
      points: z.array(text).min(1).describe("Short points, listed with ticks after the paragraphs."),
      image: Image,
    })
    .describe("The bond cleaning section under the hero, with an image beside it."),
  services: z
    .strictObject({
      heading,
      text: sectionText,
      cards: z
        .array(ServiceCard)
        .min(1)
        .describe("The service cards, three to a row on a wide screen: three or six fill the rows."),
    })
    .describe("The grid of service cards."),
  whyChooseUs: z
    .strictObject({
      heading,
      text: sectionText,
      reasons,
      stats: z.array(Stat).length(4).describe("The four figures in a row under the reasons."),
    })
    .describe('The "Why choose us" section.'),
  faq: z
    .strictObject({ heading, text: sectionText })
    .describe("The heading above the FAQ; the questions and answers are in faq.yaml."),
  suburbs: z
    .strictObject({ heading, text: sectionText })
    .describe("The heading above the suburbs grid; `homeGrid` in suburbs.yaml picks the suburbs shown."),
  testimonials: z
    .strictObject({
      heading,
      text: sectionText,
      items: z
        .array(Testimonial)
        .length(3, { error: "the home page has exactly 3 testimonials" })
        .describe("The three customer reviews."),
    })
    .describe("The customer reviews section."),
});
