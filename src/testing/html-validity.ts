/** html-validate's recommended rules on built pages, as the site's tests read them. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HtmlValidate } from "html-validate";

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // How React writes markup, all valid HTML: void elements as <br/>,
    // boolean attributes as required="", and camel-cased names such as autoComplete.
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "attr-case": "off",
    // Long prose lines and inline CSS are the build's output, not hand-written markup.
    "long-title": "off",
    "no-inline-style": "off",
    // A phone number's spaces are plain ones: PhoneLink's `phone-number` span keeps it on one line, and
    // where a line cannot hold it (200% text on a 320 px screen) wraps it between its digit groups only
    // (decision 0105). A hyphen would still break anywhere, so the rule keeps that.
    "tel-non-breaking": [
      "error",
      { characters: [{ pattern: "-", replacement: "&#8209;", description: "non-breaking hyphen" }] },
    ],
  },
});

/** Each error in the pages, "file:line:column rule: message"; none for valid HTML. */
export async function htmlErrors(files: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(readFileSync(file, "utf8"), file);
    for (const r of report.results)
      for (const m of r.messages)
        if (m.severity === 2) failures.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
  }
  return failures;
}

/** The files under `dir` whose names end in `ext`, e.g. every page of a build. */
export function filesIn(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(ext))
    .map((f) => path.join(dir, f));
}
