/** content/contact.yaml: the Contact Us page's words; the details are site.yaml's. */
import * as z from "zod";
import { Banner, Seo, text } from "./common.ts";

export const ContactFile = z.strictObject({
  seo: Seo,
  banner: Banner,
  emailNote: text.describe("The line under the email address on the contact page."),
  formHeading: text.describe("The heading of the contact form."),
  formText: text.describe("The line under the contact form's heading."),
});
