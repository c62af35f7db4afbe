/**
 * Imported first by the command-line entries that render pages: React picks
 * its development or production build when it is first loaded, and the
 * production build renders about three times faster. The test workers load
 * the production build too (src/testing/react-production.ts).
 */
process.env.NODE_ENV ??= "production";

// A module, so an entry can import it when it chooses (dev.ts reads the relay settings first).
export {};
