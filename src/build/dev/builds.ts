/**
 * The dev server's builds, on a warm build thread (builder.ts): one
 * at a time, a change during a build queued for right after it, and a fresh
 * thread when code changed, because a thread cannot reload the modules it
 * has loaded. The thread runs the builder precompiled (src/build/precompile.mjs),
 * compiled again first when code changed, so it loads no TypeScript loader.
 */
import { Worker } from "node:worker_threads";
import type { PhotoProgress } from "../images.ts";
import { precompiled } from "../precompile.mjs";
import type { BuilderProgress, BuilderReply } from "./builder.ts";

export class DevBuilds {
  private builder: Worker | undefined;
  private building = false;
  private queued: { fresh: boolean; why: string } | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly dirs: { contentDir: string; outDir: string },
    /** Called with each build's reply, how long it took, and why it ran. */
    private readonly onDone: (reply: BuilderReply, seconds: number, why: string) => void,
    /** Called as a build makes photos (a build from the cache makes none). */
    private readonly onPhoto: PhotoProgress = () => {},
  ) {}

  /** Builds now, or right after the build under way; `fresh` starts a new build thread first. */
  rebuild(fresh: boolean, why: string) {
    if (this.building) {
      this.queued = { fresh: fresh || (this.queued?.fresh ?? false), why };
      return;
    }
    this.building = true;
    const started = performance.now();
    void this.build(fresh || !this.builder).then((reply) => {
      this.onDone(reply, (performance.now() - started) / 1000, why);
      this.building = false;
      for (const resolve of this.waiters.splice(0)) resolve();
      if (this.queued) {
        const next = this.queued;
        this.queued = undefined;
        this.rebuild(next.fresh, next.why);
      }
    });
  }

  /** Resolves after the next build finishes, whether it succeeded or not. */
  next(): Promise<void> {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  async close() {
    await this.builder?.terminate();
  }

  private async build(fresh: boolean): Promise<BuilderReply> {
    if (fresh) {
      void this.builder?.terminate();
      this.builder = undefined;
      try {
        // esbuild's message names the file, line and column of code it cannot read.
        const script = await precompiled("dev-builder");
        this.builder = new Worker(script, { workerData: this.dirs, execArgv: [] });
        this.builder.unref();
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    }
    const w = this.builder!;
    return new Promise<BuilderReply>((resolve) => {
      const onExit = (code: number) => done({ error: `the build thread stopped (exit code ${code})` });
      const done = (reply: BuilderReply | BuilderProgress) => {
        if ("photo" in reply) return this.onPhoto(reply.photo);
        w.off("message", done);
        w.off("exit", onExit);
        resolve(reply);
      };
      w.on("message", done);
      w.on("exit", onExit);
      w.postMessage({ build: true });
    });
  }
}
