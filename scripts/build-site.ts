/**
 * The build as `npm run build` and `npm start` run it: brings the editor's JSON Schemas in
 * schemas/ (and its mapping to them) up to date with the registry of content files,
 * src/content/content.ts, and the relay's page for a post without script up
 * to date with the site's form components (src/build/result-markup.tsx), each only when what it is
 * made from changed, and the confirmation email's markup from its template, then builds dist/ from
 * content/ (and the booking's markup from the content it loaded), or explains what in content/ is
 * wrong. What it prints is wrapped at 80
 * columns. It runs precompiled in `npm run build` and `npm start` (scripts/run.mjs).
 */
import path from "node:path";
import { build } from "../src/build/build.ts";
import { buildSummary, progressLine } from "../src/build/summary.ts";
import { EDITOR_SETTINGS, schemaFiles, writeJsonSchemas } from "../src/build/content/json-schema.ts";
import { ContentError } from "../src/build/content/load.ts";
import { formActions } from "../src/shared/relay-paths.ts";
import { BuildSettingError, buildSettings, type BuildSettings } from "../src/build/build-settings.ts";
import { RESULT_MARKUP_FILE, writeResultMarkup } from "../src/build/result-markup.tsx";
import { EMAIL_MARKUP_FILE, writeEmailMarkup } from "../src/build/email-markup.tsx";
import { BOOKING_MARKUP_FILE, writeBookingMarkup } from "../src/build/booking-markup.tsx";
import { stylesheetFiles } from "../src/build/css.ts";
import { unlessCurrent } from "../src/build/generated.ts";
import { wrap } from "../src/shared/wrap.ts";
import type { Content } from "../src/content/content.ts";
import { scriptArgs } from "./script-args.ts";
import { contentDirOf } from "../src/build/content/content-dir.ts";

const USAGE = `Usage: npm run build [-- --content DIR]
Builds content/ (or DIR, or CONTENT_DIR) into dist/; SITE_URL and RELAY_URL change the address
and where forms post.`;

/**
 * `npm run build`'s one option, the folder to build (CONTENT_DIR, else content/); help, or a usage mistake,
 * ends it here.
 */
export const buildArgs = (args: readonly string[]) =>
  scriptArgs({ options: { content: { type: "string" } }, usage: USAGE }, args).values.content ??
  contentDirOf(process.env);

const say = (text: string) => console.log(wrap(text));
const sayError = (text: string) => console.error(wrap(text));

/**
 * Builds `contentDir` into dist/, saying what it does; false when it did not build (the previous dist/ is
 * untouched).
 */
export async function buildSite(contentDir = contentDirOf(process.env)): Promise<boolean> {
  await writeGenerated();
  let settings: BuildSettings;
  try {
    settings = buildSettings(process.env);
  } catch (error) {
    if (!(error instanceof BuildSettingError)) throw error;
    sayError(`${error.message}\n\nThe build did not start; the previous dist/ is unchanged.`);
    return false;
  }
  const progress = progressLine();
  let loaded: Content | undefined;
  const own = path.resolve(contentDir) === path.resolve("content");
  try {
    const result = await build({
      contentDir,
      siteUrl: settings.siteUrl,
      formActions: formActions(settings.relayOrigin),
      cms: { repo: settings.cmsRepo, branch: settings.cmsBranch, authUrl: settings.cmsAuthUrl },
      onContent: (content) => (loaded = content),
      onProgress: progress.onProgress,
      onPhoto: progress.onPhoto,
    });
    progress.clear();
    // The booking's page and emails (issue 51), made from the content the build loaded, with the page's CSS:
    // the repository's own business's, so another folder's build leaves it.
    if (own && loaded && (await writeBookingMarkup(loaded)))
      say(
        `Updated ${path.relative(process.cwd(), BOOKING_MARKUP_FILE)} from content/ and the booking's templates: commit it with their change.`,
      );
    for (const warning of result.warnings) console.warn(wrap(`warning: ${warning}`));
    for (const note of result.notes) say(note);
    say(buildSummary(result));
    return true;
  } catch (error) {
    progress.clear();
    if (!(error instanceof ContentError)) throw error;
    sayError(error.message);
    sayError("\nThe build stopped; the previous dist/ is unchanged. Fix the lines above and build again.");
    return false;
  }
}

/**
 * The files made before the build, each only when what it is made from changed since the last build
 * (src/build/generated.ts), each said when its text changed: commit it with its cause.
 */
async function writeGenerated() {
  await unlessCurrent(
    { module: "src/build/content/json-schema.ts", files: [...schemaFiles(), EDITOR_SETTINGS] },
    () => {
      for (const file of writeJsonSchemas())
        say(`Updated ${file} from src/content/content.ts: commit it with the schema change.`);
    },
  );
  await unlessCurrent(
    { module: "src/build/result-markup.tsx", files: [RESULT_MARKUP_FILE, ...stylesheetFiles()] },
    async () => {
      if (await writeResultMarkup())
        say(
          `Updated ${path.relative(process.cwd(), RESULT_MARKUP_FILE)} from the site's form components: commit it with their change.`,
        );
    },
  );
  await unlessCurrent({ module: "src/build/email-markup.tsx", files: [EMAIL_MARKUP_FILE] }, () => {
    if (writeEmailMarkup())
      say(
        `Updated ${path.relative(process.cwd(), EMAIL_MARKUP_FILE)} from the confirmation email's template: commit it with its change.`,
      );
  });
}
