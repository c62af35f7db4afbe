/**
 * The repository ships without content/pricing.yaml, so no price of a clean
 * appears anywhere on the built site (issue 42, decision 0061): no dollar
 * figure on any page but the suburb pages, whose figures are the property
 * prices and rents cited in content/suburbs.yaml, and no estimate.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "./content/load.ts";
import { outputFile, routes } from "../content/routes.ts";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { visibleText } from "../testing/html.ts";

const DOLLARS = /\$\s?\d[\d,.]*/g;

describe("the site built without content/pricing.yaml", () => {
  const suburbFacts = readFileSync("content/suburbs.yaml", "utf8");
  it.each(routes(loadContent("content")).map((r) => [r.path, r] as const))(
    "%s shows no price of a clean and no estimate",
    (_, route) => {
      const html = readFileSync(path.join(DIST_DIR, outputFile(route)), "utf8");
      const figures =
        visibleText(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "")).match(DOLLARS) ??
        [];
      if (route.kind === "suburb")
        for (const f of figures)
          expect(suburbFacts, `${f} is one of the suburb's cited property figures`).toContain(
            f.replace(/[.,]$/, ""),
          );
      else expect(figures).toEqual([]);
      expect(html).not.toMatch(/incl\. GST|Instant estimate|data-estimate-total|"prices":/);
    },
  );
});
