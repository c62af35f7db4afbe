/**
 * `npm run dev`: the maintainer's loop. Builds into .dist-dev/ (never dist/),
 * serves it at http://localhost:4321 (PORT, HOST override), rebuilds when
 * content/ or src/ change and reloads the open browser.
 */
import "../src/build/production.ts";
import { startDev } from "../src/build/dev/dev-server.ts";

const dev = await startDev({ port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? "localhost" });
console.log(`Dev server at ${dev.url}: edit content/ or src/ and the open page reloads. Ctrl+C stops it.`);
