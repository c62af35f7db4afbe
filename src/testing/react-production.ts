/**
 * Vitest's setup file: the test workers render with React's production build,
 * the one `npm run build` renders the site with (src/build/production.ts).
 * React picks its development or production build from NODE_ENV when first
 * loaded, and the development build spends much of its time recording where
 * each element was made: the test files that build and render the site took
 * 67 core-seconds with the production build against 71 (farm-bench, median of
 * four pairs; docs/performance.md). So each React module is loaded here
 * with NODE_ENV=production, before any test imports it, and NODE_ENV is put
 * back: the relays and scripts the tests start inherit the environment, and
 * the relay reads NODE_ENV (src/relay/config.ts). Vitest runs this before
 * each test file; a worker keeps its modules from file to file (isolate:
 * false), so React loads on the first and the later runs find it loaded. All
 * of it is synchronous: no other code runs while NODE_ENV reads "production".
 *
 * React's development warnings are not lost: the global setup
 * (global-setup.ts) renders every page with the development build first and
 * fails on any warning.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const before = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  // Every React entry the code and the JSX transform (vitest.config.ts: oxc) import.
  for (const entry of ["react", "react/jsx-runtime", "react-dom", "react-dom/server", "react-dom/client"])
    require(entry);
} finally {
  if (before === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = before;
}
