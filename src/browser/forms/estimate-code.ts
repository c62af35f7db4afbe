/**
 * The estimate's code for the quote page's island, fetched only on a site
 * with a price table (the island imports this file lazily, so a site without
 * content/pricing.yaml never downloads it): the same pure functions the relay
 * runs for the owner's notice (decision 0061).
 */
export { estimate } from "../../shared/pricing/estimate.ts";
export { callReasonText, formatDollars, shortDate } from "../../shared/pricing/format.ts";
