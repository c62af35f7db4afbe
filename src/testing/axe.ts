/** axe-core's WCAG 2.2 A and AA rules, run in a page of the site: each violation as one line. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

const AXE = readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** The whole page, or only the elements the CSS selectors in `only` match (and what is inside them). */
export async function axe(page: Page, only?: string[]): Promise<string[]> {
  // Evaluated through the debugging protocol, which the page's CSP does not govern, as a browser extension
  // would be; once a document (about 70 ms of CPU each time), so a second look at the same page reuses it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(
    async ([tags, only]) => {
      const { axe } = window as unknown as {
        axe: { run: (context: object, options: object) => Promise<{ violations: Violation[] }> };
      };
      return (
        await axe.run(only ? { include: only } : document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        })
      ).violations;
    },
    [TAGS, only] as const,
  );
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.help}) at ${n.target.join(" ")}: ${n.failureSummary.replace(/\s+/g, " ")}`,
    ),
  );
}
