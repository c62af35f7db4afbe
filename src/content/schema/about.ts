/** content/about.yaml: the About Us page. */
import * as z from "zod";
import {
  Banner,
  heading,
  Image,
  paragraphs,
  Point,
  reasons,
  sectionText,
  Seo,
  Stat,
  text,
} from "./common.ts";

export const AboutFile = z.strictObject({
  seo: Seo,
  banner: Banner,
  story: z
    .strictObject({ heading, paragraphs, image: Image })
    .describe("The business's story under the banner, with an image beside it."),
  whyChooseUs: z
    .strictObject({
      heading,
      reasons,
    })
    .describe('The "Why choose us" section.'),
  vision: Point.describe("The Vision card, first of the three cards with Mission and Strategy."),
  mission: Point.describe("The Mission card, between Vision and Strategy."),
  strategy: Point.describe("The Strategy card, last of the three after Vision and Mission."),
  expertise: z
    .strictObject({
      heading,
      text: sectionText,
      stats: z.array(Stat).min(3).describe("Three or more figures in a row."),
      skills: z.array(text).min(1).describe("The skills listed under the figures, one per item."),
    })
    .describe("The expertise section: figures and a list of skills."),
  quote: z
    .strictObject({ heading, text: sectionText })
    .describe("The coloured closing band inviting a quote."),
});
