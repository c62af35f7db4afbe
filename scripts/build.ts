/** `npm run build`: builds dist/ from content/, or explains what in content/ is wrong. */
import { build, DEFAULT_FORM_ACTIONS } from "../src/build/build.ts";
import { ContentError } from "../src/content/load.ts";

const relay = process.env.RELAY_URL?.replace(/\/$/, "");
try {
  const result = await build({
    siteUrl: process.env.SITE_URL || undefined,
    formActions: relay ? { quote: `${relay}/api/quote`, contact: `${relay}/api/contact` } : DEFAULT_FORM_ACTIONS,
  });
  const largest = result.pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  console.log(
    `Built ${result.pages.length} pages into ${result.outDir} in ${(result.ms / 1000).toFixed(2)} s: ` +
      `${(result.totalBytes / 1024).toFixed(0)} KB of HTML, largest ${largest.file} (${(largest.bytes / 1024).toFixed(1)} KB).`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
    console.error("\nThe build stopped; the previous dist/ is unchanged. Fix the lines above and build again.");
  } else console.error(error);
  process.exit(1);
}
