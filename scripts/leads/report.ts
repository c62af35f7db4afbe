/** `npm run leads -- report [--month YYYY-MM] [--json]`: a month in figures (src/relay/owner/report.ts). */
import { relayConfig } from "../../src/relay/config.ts";
import { monthOf, monthReport, SUBURB_PAGE } from "../../src/relay/owner/report.ts";
import { reportText } from "../../src/relay/owner/report-text.ts";
import { siteInUse, type SiteFacts } from "../../src/relay/site.ts";
import { escapeJsonForTerminal, escapeTerminal } from "../../src/shared/escape.ts";
import type { Command } from "./command.ts";
import { fail } from "./fail.ts";

export const report: Command = async ({ args: { flags, month }, store, env, site, out: { print } }) => {
  const { hours, hoursFrom } = hoursOf(env, site);
  const report = await monthReport(store, {
    month: month ?? monthOf(Date.now(), hours.clock),
    hours,
    hoursFrom,
    // Every suburb page, so one that brought nothing is ranked too.
    suburbPages: site?.pages.filter((page) => SUBURB_PAGE.test(page)) ?? [],
  });
  print(flags.json ? escapeJsonForTerminal(JSON.stringify(report, null, 2)) : reportText(report));
};

/**
 * The opening hours the report counts business minutes in, as the relay goes by them (siteInUse):
 * BUSINESS_HOURS over content/site.yaml's over the relay's own default, in the business's time zone.
 */
function hoursOf(env: NodeJS.ProcessEnv, site: SiteFacts | undefined) {
  let config;
  try {
    config = relayConfig({ BUSINESS_HOURS: env.BUSINESS_HOURS });
  } catch (error) {
    fail(escapeTerminal((error as Error).message, { keepNewlines: true }));
  }
  const { hours } = siteInUse(config, site);
  const hoursFrom = config.BUSINESS_HOURS
    ? "hours from BUSINESS_HOURS"
    : site
      ? "hours from content/site.yaml"
      : "content/ could not be read, so the relay's default hours";
  return { hours, hoursFrom };
}
