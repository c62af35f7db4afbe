// A worker thread does not inherit tsx's loader (Node 20's module hooks are
// per thread), so the render worker starts here: plain JavaScript that
// registers tsx, then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./render-worker.ts");
