/**
 * content/quote.yaml: the quote page's words (/quote/); its form's fields are the site's own
 * (src/shared/forms/).
 */
import * as z from "zod";
import { Banner, Seo } from "./common.ts";

export const QuoteFile = z.strictObject({
  seo: Seo,
  banner: Banner,
});
