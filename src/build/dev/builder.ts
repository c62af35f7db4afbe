/**
 * The dev server's build thread. It keeps templates and build code loaded
 * between builds, so an edit in content/ rebuilds warm; the dev server starts
 * a fresh one when code changes, because loaded modules cannot be reloaded.
 * It runs precompiled (builds.ts), so it has no TypeScript loader.
 */
import { parentPort, workerData } from "node:worker_threads";
import { build } from "../build.ts";
import { buildSummary } from "../summary.ts";
import { ContentError } from "../content/load.ts";
import type { PhotoProgress } from "../images.ts";

export type BuilderRequest = { build: true };
/**
 * A summary line and warnings, or the error: a content mistake's message as the build words it, else the
 * stack.
 */
export type BuilderReply = { ok: string; warnings: string[] } | { error: string };
/** Sent while a build makes photos, before its reply: where the photo step is. */
export type BuilderProgress = { photo: Parameters<PhotoProgress>[0] };

const { contentDir, outDir } = workerData as { contentDir: string; outDir: string };
const port = parentPort!;
port.on("message", async () => {
  try {
    const result = await build({
      contentDir,
      outDir,
      onPhoto: (photo) => port.postMessage({ photo } satisfies BuilderProgress),
    });
    port.postMessage({ ok: buildSummary(result), warnings: result.warnings } satisfies BuilderReply);
  } catch (error) {
    const words = error instanceof ContentError || !(error instanceof Error);
    port.postMessage({
      error: words ? String((error as Error).message ?? error) : (error.stack ?? error.message),
    } satisfies BuilderReply);
  }
});
