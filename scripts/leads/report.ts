/** `npm run leads -- report [--month YYYY-MM] [--json]`: a month in figures (src/relay/owner/report.ts). */
import { loadContent } from "../../src/build/content/load.ts";
import { relayConfig } from "../../src/relay/config.ts";
import type { HoursLine } from "../../src/relay/leads/hours.ts";
import { brisbaneMonth, monthReport } from "../../src/relay/owner/report.ts";
import { reportText } from "../../src/relay/owner/report-text.ts";
import { DEFAULT_HOURS } from "../../src/relay/site.ts";
import { escapeJsonForTerminal, escapeTerminal } from "../../src/shared/escape.ts";
import { suburbPath } from "../../src/shared/paths.ts";
import type { Command } from "./command.ts";
import { fail } from "./fail.ts";

export const report: Command = async ({ args: { flags, month }, store, env, out: { print } }) => {
  const site = siteFacts(env);
  const report = await monthReport(store, { month: month ?? brisbaneMonth(Date.now()), ...site });
  print(flags.json ? escapeJsonForTerminal(JSON.stringify(report, null, 2)) : reportText(report));
};

/**
 * What the report needs of the site: its opening hours (BUSINESS_HOURS as the relay reads it, else
 * content/site.yaml's, else the relay's own default) and its suburb pages, so one that brought
 * nothing is ranked too.
 */
function siteFacts(env: NodeJS.ProcessEnv): {
  hours: readonly HoursLine[];
  hoursFrom: string;
  suburbPages: string[];
} {
  let content: ReturnType<typeof loadContent> | undefined;
  try {
    content = loadContent("content");
  } catch {
    // Read where the site's content/ is not: the hours below, and the suburb pages with leads or taps.
  }
  const suburbPages = content?.suburbs.map(suburbPath) ?? [];
  let fromEnv: readonly HoursLine[] | undefined;
  try {
    fromEnv = relayConfig({ BUSINESS_HOURS: env.BUSINESS_HOURS }).BUSINESS_HOURS;
  } catch (error) {
    fail(escapeTerminal((error as Error).message, { keepNewlines: true }));
  }
  if (fromEnv) return { hours: fromEnv, hoursFrom: "hours from BUSINESS_HOURS", suburbPages };
  if (content)
    return {
      hours: content.site.hours.map(({ days, opens, closes }) => ({ days, opens, closes })),
      hoursFrom: "hours from content/site.yaml",
      suburbPages,
    };
  return {
    hours: DEFAULT_HOURS,
    hoursFrom: "content/ could not be read, so the relay's default hours",
    suburbPages,
  };
}
