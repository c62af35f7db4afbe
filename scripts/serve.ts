/** `npm run serve`: serves the built dist/ at http://localhost:4321 (PORT, HOST override). */
import { existsSync } from "node:fs";
import path from "node:path";
import { createApp } from "../src/server/app.ts";
import { listen } from "../src/server/node.ts";

const root = path.resolve("dist");
if (!existsSync(path.join(root, "index.html"))) {
  console.error("dist/ has no site yet: run `npm run build` first (or `npm start` to build and serve).");
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? "localhost";
const { url } = await listen(createApp({ root }), { port, host });
console.log(`Serving ${root} at ${url}`);
