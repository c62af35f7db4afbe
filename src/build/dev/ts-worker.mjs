// Starts a worker thread that runs TypeScript: a worker does not inherit
// tsx's loader (Node 20's module hooks are per thread), so this plain
// JavaScript registers tsx, then loads the module named in workerData.module.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.module);
