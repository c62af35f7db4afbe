/**
 * Reads content/*.yaml, validates each file against its schema and checks the
 * references between files. Every problem in every file is collected and
 * reported at once, each in the editor's words:
 *
 *   content/suburbs.yaml:212 suburbs[7] "quokka-flats" → postcode: expected 4 digits, got "417"
 *
 * Reading a file is read-file.ts, pointing at a line locate.ts, the words
 * problems.ts, the checks across files cross-check.ts.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type * as z from "zod";
import {
  CONTENT_FILES,
  FILE_KEYS,
  given,
  isOptional,
  type Content,
  type FileKey,
  type FileValue,
  type OptionalKey,
} from "../../content/content.ts";
import { crossCheck } from "./cross-check.ts";
import { commentFillIns, FILL_IN, fillIns } from "./fill-in.ts";
import { locate } from "./locate.ts";
import { editorWords } from "./editor-words.ts";
import { formatProblem, type ContentProblem } from "./problems.ts";
import { readParsed, readValues, shownPath, type Parsed } from "./read-file.ts";
import { claimFigureProblems } from "./claim-figures.ts";

/** What the loader (and the build, for a photo) throws: every problem found, one per line. */
export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? "" : "s"} in content:\n` +
        problems.map((p) => "  " + formatProblem(p)).join("\n"),
    );
    this.name = "ContentError";
  }
}

/**
 * What the build says once when content/pricing.yaml is not there (as the
 * repository ships): not a problem, but the reason the quote page shows no price.
 */
export const estimatesOff = (dir: string) =>
  `Estimates are off until ${shownPath(path.join(dir, CONTENT_FILES.pricing.file))} exists: no price appears on the site. To start one, copy ${CONTENT_FILES.pricing.example} (docs/pricing.md explains each field).`;

/**
 * Domains reserved for examples (RFC 2606): an address on one is a placeholder nobody can visit or write to.
 */
const EXAMPLE_DOMAIN = /(^|\.)example\.(com|net|org)$/i;

/**
 * What the build says while content/site.yaml still has the repository's placeholder address or
 * email, as it ships: every canonical link, the sitemap and the structured data name the address,
 * and every page's footer shows the email. Undefined once both are real.
 */
export function placeholdersLeft(dir: string, site: { url: string; email: string }): string | undefined {
  const left = [
    EXAMPLE_DOMAIN.test(new URL(site.url).hostname) && `url: ${site.url}`,
    EXAMPLE_DOMAIN.test(site.email.slice(site.email.lastIndexOf("@") + 1)) && `email: ${site.email}`,
  ].filter(Boolean);
  return left.length
    ? `${shownPath(path.join(dir, CONTENT_FILES.site.file))} still has the repository's placeholders (${left.join(", ")}): set the business's own before publishing (SITE_URL also sets the address).`
    : undefined;
}

/**
 * What the build says while content/booking.yaml still holds the defaults the site came with (issue 51):
 * how long a quote stands, jobs a day, the GST, the terms' words are the owner's to settle.
 */
export function bookingUnsettled(dir: string, booking: { settled: boolean }): string | undefined {
  return booking.settled
    ? undefined
    : `${shownPath(path.join(dir, CONTENT_FILES.booking.file))} still holds the defaults the site came with (settled: false): read each value and the terms' words, make them yours, then write settled: true.`;
}

export function loadContent(dir = "content"): Content {
  const problems: ContentProblem[] = [];
  const parsed: Partial<Record<FileKey, Parsed>> = {};
  const data: Partial<Record<FileKey, unknown>> = {};

  for (const key of FILE_KEYS) {
    const { file, schema } = CONTENT_FILES[key];
    const full = path.join(dir, file);
    if (!existsSync(full)) {
      if (isOptional(key)) continue;
      problems.push({ file: shownPath(full), line: 1, entry: "", field: "", message: "file is missing" });
      continue;
    }
    const p = readParsed(full);
    const read = readValues(p);
    if ("problems" in read) {
      problems.push(...read.problems);
      continue;
    }
    parsed[key] = p;
    // A field still holding `npm run new-suburb`'s marker is reported as that, not as whatever zod makes of
    // the marker.
    const unfilled = p.text.includes(FILL_IN)
      ? [...fillIns(read.value), ...commentFillIns(p.doc.contents)]
      : [];
    for (const [at, hint] of unfilled) problems.push(locate(p, at, `still to fill in: ${hint}`));
    const within = (at: readonly PropertyKey[]) => unfilled.some(([u]) => u.every((k, i) => at[i] === k));
    const result = (schema as z.ZodType).safeParse(read.value, { error: editorWords, reportInput: true });
    if (result.success && unfilled.length === 0) data[key] = result.data;
    else if (!result.success) {
      for (const iss of result.error.issues) {
        if (!within(iss.path))
          problems.push(
            locate(p, iss.path, iss.message, iss.code === "unrecognized_keys" ? iss.keys : undefined),
          );
      }
    }
  }
  if (problems.length > 0) throw new ContentError(problems);

  // Every file there was read and passed its schema (an optional file may not be there).
  const d = data as { [K in FileKey]: K extends OptionalKey ? FileValue<K> | undefined : FileValue<K> };
  const checked = crossCheck(d, parsed as Record<FileKey, Parsed>, dir);
  const figures = claimFigureProblems(
    d.site.claims,
    (Object.keys(data) as FileKey[]).map((key) => ({ data: data[key], parsed: parsed[key]! })),
  );
  if (checked.problems.length + figures.length > 0) throw new ContentError([...checked.problems, ...figures]);
  const content = Object.fromEntries(
    FILE_KEYS.map((key) => [
      key,
      d[key] === undefined ? undefined : given(key, d[key] as FileValue<typeof key>),
    ]),
  );
  return {
    ...(content as unknown as Omit<Content, "dir" | "images">),
    dir,
    images: checked.images,
  };
}
