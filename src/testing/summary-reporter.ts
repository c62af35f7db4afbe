/**
 * Ends a test run with a plain "N passed, N failed" line (", N skipped" when
 * any were), the closing line CI reads to know that tests ran.
 */
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const mod of testModules) for (const test of mod.children.allTests()) count[test.result().state]++;
    // A module that failed to load has no tests to count, but it is a failure.
    const broken = testModules.filter(
      (m) => m.state() === "failed" && [...m.children.allTests()].length === 0,
    ).length;
    const line = `${count.passed} passed, ${count.failed + broken} failed`;
    process.stdout.write(`\n${line}${count.skipped ? `, ${count.skipped} skipped` : ""}\n`);
  }
}
