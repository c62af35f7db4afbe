/**
 * What `npm run new-suburb` (scripts/new-suburb.ts) does, as a function of its
 * arguments, its environment (CONTENT_DIR) and where it writes: the script
 * hands it its own, tests run it in-process.
 */
import { addSuburb, NewSuburbError } from "../src/build/content/new-suburb.ts";
import { FILL_IN } from "../src/build/content/fill-in.ts";
import { contentDirOf } from "../src/build/content/content-dir.ts";
import type { ScriptIo } from "./script-io.ts";
import { FAILURE_EXIT, readArgs, USAGE_EXIT } from "./script-args.ts";

const USAGE = `Usage: npm run new-suburb -- "Suburb Name" 4055
Adds the suburb to content/suburbs.yaml, each value to write marked FILL IN.`;

/**
 * Adds the suburb the arguments name to CONTENT_DIR's suburbs.yaml (content/ by default) and says what to do
 * next; the exit code.
 */
export function runNewSuburb(args: readonly string[], { env, stdout, stderr }: ScriptIo): number {
  const read = readArgs(args, { options: {}, usage: USAGE, most: 2 });
  if ("code" in read) {
    (read.code ? stderr : stdout).write(`${read.text}\n`);
    return read.code;
  }
  const [name, postcode] = read.positionals;
  if (!name || !postcode) {
    stderr.write(`${name ? "Give the postcode too." : "Give the suburb's name and postcode."}\n${USAGE}\n`);
    return USAGE_EXIT;
  }
  try {
    const { slug, line, file } = addSuburb(contentDirOf(env), name, postcode);
    stdout.write(`Added ${name} (${postcode}) at ${file}:${line}, as /suburbs/${slug}/.

Next:
  1. Open ${file} at line ${line} and replace every "${FILL_IN} ..." with the
     real text; for a number, type it after the colon, before the # comment.
     Optional fields (population, the distance and area, each price, a
     school's suburb) can be deleted instead. Use only figures from a page you
     can cite, and list every such page under sources: with its citation.
  2. Run npm run build: it names each field still to fill in, by line.
  3. Add "${slug}" to the nearby: list of its neighbours, and set
     homeGrid: true to show it on the home page. See the page with npm start.
`);
    return 0;
  } catch (error) {
    if (!(error instanceof NewSuburbError)) throw error;
    stderr.write(`${error.message}\n`);
    return FAILURE_EXIT;
  }
}
