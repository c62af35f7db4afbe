/**
 * The relay's page for a form posted without script, as markup the build
 * writes once from the site's own form components (src/templates/ResultPage.tsx)
 * and stylesheet (Tailwind, with only the classes the page uses), into
 * src/relay/intake/result-markup.ts. The relay fills its slots per request
 * (src/relay/intake/page.ts) and renders nothing itself: React stays out of
 * the Worker, and the page cannot drift from the site's form (decision 0062).
 *
 * `npm run build` writes the file when the components changed; a test holds
 * the committed file to what they render now.
 */
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import type { FormKind } from "../shared/forms/fields.ts";
import { FORM_FIELDS } from "../shared/forms/form-fields.ts";
import { iconSprite } from "../shared/icons.tsx";
import { NOTICE_TONES, type NoticeTone } from "../shared/slots.ts";
import {
  ResultAddOnCount,
  ResultAddOns,
  ResultAddOnTick,
  ResultDetails,
  ResultErrorLink,
  ResultErrorSummary,
  ResultFieldError,
  ResultForm,
  ResultNotice,
  ResultOption,
  ResultPage,
  ResultProof,
} from "../templates/ResultPage.tsx";
import { colourVariablesTheme } from "./brand.ts";
import { classNames, cssFor, scanMarkup } from "./css.ts";
import { writeIfChanged } from "./generated.ts";

export const RESULT_MARKUP_FILE = path.resolve(import.meta.dirname, "../relay/intake/result-markup.ts");

/** The parts of the page, each as markup with slots: what src/relay/intake/result-markup.ts holds. */
export async function resultMarkup() {
  const notice = Object.fromEntries(
    NOTICE_TONES.map((tone) => [tone, renderToStaticMarkup(<ResultNotice tone={tone} />)]),
  ) as Record<NoticeTone, string>;
  const form = Object.fromEntries(
    (Object.keys(FORM_FIELDS) as FormKind[]).map((kind) => [
      kind,
      renderToStaticMarkup(<ResultForm kind={kind} />),
    ]),
  ) as Record<FormKind, string>;
  const sprite = iconSprite(["check", "close"]);
  const details = renderToStaticMarkup(<ResultDetails />);
  const addOns = {
    box: renderToStaticMarkup(<ResultAddOns />),
    tick: renderToStaticMarkup(<ResultAddOnTick />),
    count: renderToStaticMarkup(<ResultAddOnCount />),
  };
  const errors = {
    summary: renderToStaticMarkup(<ResultErrorSummary />),
    link: renderToStaticMarkup(<ResultErrorLink />),
    field: renderToStaticMarkup(<ResultFieldError />),
  };
  const tokens = [
    ...Object.values(notice),
    ...Object.values(form),
    ...Object.values(errors),
    ...Object.values(addOns),
    details,
    renderToStaticMarkup(<ResultPage css="" sprite={sprite} />),
  ].map(scanMarkup);
  // The brand's colours as the page's custom properties, which the relay sets from the site's facts.
  const css = await cssFor(
    [...classNames(tokens.flatMap((t) => t.classAttrs)), ...tokens.flatMap((t) => [...t.elements])],
    { theme: colourVariablesTheme() },
  );
  return {
    page: "<!DOCTYPE html>" + renderToStaticMarkup(<ResultPage css={css} sprite={sprite} />),
    notice,
    form,
    details,
    addOns,
    option: renderToStaticMarkup(<ResultOption />),
    proof: renderToStaticMarkup(<ResultProof />),
    errors,
  };
}

/** The module's source: the parts as JSON, so the relay imports them as plain strings on either host. */
export async function resultMarkupSource(): Promise<string> {
  const parts = JSON.stringify(await resultMarkup(), null, 2);
  return `// Written by \`npm run build\` from src/templates/ResultPage.tsx (src/build/result-markup.tsx): do not edit.\n// The relay's page for a form posted without script, with slots the relay fills (page.ts).\nexport const RESULT_MARKUP = ${parts} as const;\n`;
}

/** Writes the module if the components now render something else; says whether it did. */
export async function writeResultMarkup(): Promise<boolean> {
  return writeIfChanged(RESULT_MARKUP_FILE, await resultMarkupSource());
}
