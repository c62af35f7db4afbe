/** One render thread of the pool in render-pages.ts: answers render and write requests in order. */
import { parentPort, workerData } from "node:worker_threads";
import type { Content } from "../content/load.ts";
import { PageRenderer, type WorkerReply, type WorkerRequest } from "./render-pages.ts";
import type { RenderOptions } from "./render.tsx";

const { content, options } = workerData as { content: Content; options: RenderOptions };
const renderer = new PageRenderer(content, options);
const port = parentPort!;
port.on("message", (request: WorkerRequest) => {
  try {
    const ok = "render" in request ? renderer.render(...request.render) : renderer.write(request.write);
    port.postMessage({ ok } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply);
  }
});
