/**
 * The dev server's build thread. It keeps templates and build code loaded
 * between builds, so an edit in content/ rebuilds warm; the dev server starts
 * a fresh one when code changes, because loaded modules cannot be reloaded.
 */
import { parentPort, workerData } from "node:worker_threads";
import { build } from "../build/build.ts";
import { buildSummary } from "../build/summary.ts";
import { ContentError } from "../content/load.ts";

export type BuilderRequest = { build: true };
export type BuilderReply = { ok: string; ms: number; warnings: string[] } | { error: string; content: boolean };

const { contentDir, outDir } = workerData as { contentDir: string; outDir: string };
const port = parentPort!;
port.on("message", async () => {
  try {
    const result = await build({ contentDir, outDir });
    port.postMessage({ ok: buildSummary(result), ms: result.ms, warnings: result.warnings } satisfies BuilderReply);
  } catch (error) {
    const content = error instanceof ContentError;
    port.postMessage({ error: content || !(error instanceof Error) ? String((error as Error).message ?? error) : (error.stack ?? error.message), content } satisfies BuilderReply);
  }
});
