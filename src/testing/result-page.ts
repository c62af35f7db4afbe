/**
 * What a visitor without script reads on the relay's result page (src/relay/intake/page.ts),
 * read back from its HTML for tests: the notice, the link back, and the form again with what
 * each field holds (a select's chosen option, a message box's text as the browser's parser
 * reads it, dropping the one newline straight after <textarea>).
 */
import { decodeEntities, visibleText } from "./html.ts";

export interface ResultPageRead {
  /** The live region the notice is in: "status" or "alert". */
  role: string | undefined;
  title: string | undefined;
  text: string | undefined;
  back: { href: string; text: string } | undefined;
  /** The form again, or undefined when the page has none. */
  form: { action: string; values: Record<string, string> } | undefined;
  /** In place of the notice's text, the summary's links to the fields to fix: each field's id and words. */
  fixes: { href: string; text: string }[];
  /** The words under each control marked invalid, by its name, as its aria-describedby points to them. */
  fieldErrors: Record<string, string>;
}

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeEntities(m[1]) : undefined;
};

export function readResultPage(html: string): ResultPageRead {
  // The summary of fields to fix (a title and a list), or the notice (an icon, a title and a text).
  const notice =
    /<div role="(\w+)">(<div class="rounded-xl border p-4 [^"]*"><h1[\s\S]*?<\/ul>)<\/div><\/div>/.exec(
      html,
    ) ?? /<div role="(\w+)">([\s\S]*?)<\/div><\/div><\/div>/.exec(html);
  const title = notice && /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(notice[2]);
  const text = notice && /<\/h1><p[^>]*>([\s\S]*?)<\/p>/.exec(notice[2]);
  const back = /<p class="mt-6"><a href="([^"]*)"[^>]*>([^<]*)<\/a><\/p><\/main>/.exec(html);
  const formTag = /<form\b[^>]*>/.exec(html);
  let form: ResultPageRead["form"];
  if (formTag) {
    const values: Record<string, string> = {};
    for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
      const name = attr(tag, "name")!;
      const type = attr(tag, "type");
      // A radio group or tick box holds the value of the one checked, or nothing.
      if (type === "radio" || type === "checkbox")
        values[name] = / checked=""/.test(tag) ? (attr(tag, "value") ?? "on") : (values[name] ?? "");
      else values[name] = attr(tag, "value") ?? "";
    }
    for (const [, tag, inner] of html.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g))
      values[attr(tag, "name")!] = decodeEntities(inner.replace(/^\n/, ""));
    for (const [, tag, options] of html.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const chosen = [...options.matchAll(/<option\b([^>]*)>/g)].find(([, a]) => / selected=""/.test(a));
      values[attr(tag, "name")!] = chosen ? attr(chosen[1], "value")! : "";
    }
    form = { action: attr(formTag[0], "action")!, values };
  }
  const fixes = [...(notice?.[2].matchAll(/<li><a href="([^"]*)"[^>]*>([^<]*)<\/a><\/li>/g) ?? [])].map(
    ([, href, words]) => ({ href: decodeEntities(href), text: decodeEntities(words) }),
  );
  const fieldErrors: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<(?:input|textarea|select)\b[^>]*aria-invalid="true"[^>]*>/g)) {
    const said = new RegExp(`<p id="${attr(tag, "aria-describedby")}"[^>]*>([^<]*)</p>`).exec(html);
    fieldErrors[attr(tag, "name")!] = said ? decodeEntities(said[1]) : "";
  }
  return {
    fixes,
    fieldErrors,
    role: notice?.[1],
    title: title ? visibleText(title[1]).trim() : undefined,
    text: text ? visibleText(text[1]).trim() : undefined,
    back: back ? { href: decodeEntities(back[1]), text: decodeEntities(back[2]) } : undefined,
    form,
  };
}
