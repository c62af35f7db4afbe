/**
 * The order vitest hands test files to its workers (vitest.config.ts, `sequence.sequencer`): the
 * slowest files first, so the workers finish together rather than one starting a minute-long file
 * as the others run out of work. Vitest's own order (BaseSequencer) puts the files that took longest
 * in its record of the last run first; a fresh clone (CI, scripts/test-times.sh) has no record, and
 * vitest then puts the largest files first, which puts every-page.e2e.test.ts (a short file that
 * visits every page) and leads-d1.e2e.test.ts (a short file that starts wrangler nine times) near the
 * end. So the files named here go first, in this order,
 * and every other file keeps vitest's place for it.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The slowest files of a whole run, slowest first (a full `npm test`, 27 November 2026, 3 workers). */
export const SLOWEST_FILES = [
  "src/templates/every-page.e2e.test.ts",
  // Opens the CMS and saves every content file in it, one after another (about a minute).
  "src/build/cms/admin.e2e.test.ts",
  "src/browser/islands/forms.e2e.test.ts",
  "scripts/leads-d1.e2e.test.ts",
  "src/relay/worker/worker.e2e.test.ts",
  "src/templates/a11y.e2e.test.ts",
  "src/build/images.e2e.test.ts",
  "src/browser/loader/navigation.e2e.test.ts",
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOWEST_FILES.indexOf(
        path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join("/"),
      );
      return at === -1 ? SLOWEST_FILES.length : at;
    };
    // A stable sort: the named files first, in their order; the rest in vitest's.
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
