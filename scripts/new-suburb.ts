/** `npm run new-suburb -- "Upper Kedron" 4055`: adds an entry to content/suburbs.yaml for the maintainer to fill in. */
import { addSuburb, NewSuburbError } from "../src/build/content/new-suburb.ts";
import { FILL_IN } from "../src/build/content/fill-in.ts";

const [name, postcode, ...rest] = process.argv.slice(2);
if (!name || !postcode || rest.length > 0) {
  console.error('Usage: npm run new-suburb -- "Suburb Name" 4055');
  process.exit(2);
}
try {
  const { slug, line, file } = addSuburb(process.env.CONTENT_DIR ?? "content", name, postcode);
  console.log(`Added ${name} (${postcode}) at ${file}:${line}, as /suburbs/${slug}/.

Next:
  1. Open ${file} at line ${line} and replace every "${FILL_IN} ..." with the real text.
     Optional fields (population, the distance and area, each price, a school's suburb)
     can be deleted instead. Use only figures from a page you can cite, and list
     every such page under sources: with its citation.
  2. Run npm run build: it names each field still to fill in, by line, until none is left.
  3. Add "${slug}" to the nearby: list of its neighbours, and set homeGrid: true to show
     it on the home page. Look at the page with npm start.`);
} catch (error) {
  if (!(error instanceof NewSuburbError)) throw error;
  console.error(error.message);
  process.exit(1);
}
