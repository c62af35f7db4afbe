/**
 * `npm run build`: brings the editor's JSON Schemas in schemas/ up to date with
 * src/content/schema.ts and the relay's page for a post without script up to
 * date with the site's form components (src/build/result-markup.tsx), each
 * only when what it is made from changed, then builds dist/ from content/
 * (and the confirmation email's markup from the content it loaded), or
 * explains what in content/ is wrong. npm runs it precompiled (scripts/run.mjs).
 */
import "../src/build/production.ts";
import path from "node:path";
import { build } from "../src/build/build.ts";
import { buildSummary, progressLine } from "../src/build/summary.ts";
import { schemaFiles, writeJsonSchemas } from "../src/build/content/json-schema.ts";
import { ContentError } from "../src/build/content/load.ts";
import { formActions } from "../src/shared/relay-paths.ts";
import { BuildSettingError, buildSettings, type BuildSettings } from "../src/build/build-settings.ts";
import { RESULT_MARKUP_FILE, writeResultMarkup } from "../src/build/result-markup.tsx";
import { EMAIL_MARKUP_FILE, writeEmailMarkup } from "../src/build/email-markup.tsx";
import { stylesheetFiles } from "../src/build/css.ts";
import { unlessCurrent } from "../src/build/generated.ts";
import type { Content } from "../src/content/content.ts";

// Each made only when what it is made from changed since the last build (src/build/generated.ts).
await unlessCurrent({ module: "src/build/content/json-schema.ts", files: schemaFiles() }, () => {
  for (const file of writeJsonSchemas())
    console.log(`Updated ${file} from src/content/schema.ts: commit it with the schema change.`);
});
await unlessCurrent(
  { module: "src/build/result-markup.tsx", files: [RESULT_MARKUP_FILE, ...stylesheetFiles()] },
  async () => {
    if (await writeResultMarkup())
      console.log(
        `Updated ${path.relative(process.cwd(), RESULT_MARKUP_FILE)} from the site's form components: commit it with their change.`,
      );
  },
);
/** The email is made from content/ as the build loads it: a content/ that does not load is reported below. */
const writeEmail = (content: Content) => {
  if (writeEmailMarkup(content))
    console.log(
      `Updated ${path.relative(process.cwd(), EMAIL_MARKUP_FILE)} from content/ and the confirmation email's template: commit it with their change.`,
    );
};

let settings: BuildSettings;
try {
  settings = buildSettings(process.env);
} catch (error) {
  if (!(error instanceof BuildSettingError)) throw error;
  console.error(`${error.message}\n\nThe build did not start; the previous dist/ is unchanged.`);
  process.exit(1);
}
const progress = progressLine();
try {
  const result = await build({
    siteUrl: settings.siteUrl,
    formActions: formActions(settings.relayOrigin),
    onContent: writeEmail,
    onProgress: progress.onProgress,
  });
  progress.clear();
  for (const warning of result.warnings) console.warn(`warning: ${warning}`);
  for (const note of result.notes) console.log(note);
  console.log(buildSummary(result));
} catch (error) {
  progress.clear();
  if (error instanceof ContentError) {
    console.error(error.message);
    console.error(
      "\nThe build stopped; the previous dist/ is unchanged. Fix the lines above and build again.",
    );
  } else console.error(error);
  process.exit(1);
}
