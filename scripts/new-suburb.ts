/**
 * `npm run new-suburb -- "Upper Kedron" 4055`: adds an entry to content/suburbs.yaml for the
 * maintainer to fill in. The work is runNewSuburb (scripts/new-suburb-cli.ts); this file hands it
 * the process's arguments, environment and output, and exits with its code.
 */
import { runNewSuburb } from "./new-suburb-cli.ts";

process.exitCode = runNewSuburb(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
