/**
 * A service is content (decision 0088): on copies of content/, a seventh service added, and one
 * retired, by editing services.yaml alone (testing/services-copy.ts), and each copy built. The added
 * one is in the header, the footer, both forms, the quote page, the sitemap and the owner's notice;
 * the retired one is nowhere, and the relay refuses it; an old lead naming it still shows what it
 * asked for in `npm run leads -- show` and the CSV.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsInProcess } from "../../scripts/testing/leads-run.ts";
import { routes, outputFile } from "../content/routes.ts";
import { navListId } from "../shared/paths.ts";
import { QuoteBody } from "../relay/testing/services.ts";
import { tempLeadStore } from "../relay/testing/leads.ts";
import { relayFor } from "../testing/content-relay.ts";
import { ADDED, contentWithServicesChanged, RETIRED } from "../testing/services-copy.ts";
import { build } from "./build.ts";
import { loadContent } from "./content/load.ts";

/** A copy of content/ with the change, and where it is built. */
const site = (change: "add" | "retire") => {
  const dir = contentWithServicesChanged(change);
  const out = mkdtempSync(path.join(tmpdir(), `services-${change}-`));
  return {
    dir,
    out,
    content: loadContent(dir),
    page: (file: string) => readFileSync(path.join(out, file), "utf8"),
  };
};
const added = site("add");
const retired = site("retire");
/** The markup between an element's opening (found by `start`) and its end tag. */
const part = (html: string, start: string, end: string) => {
  const from = html.indexOf(start);
  expect(from, start).toBeGreaterThan(-1);
  return html.slice(from, html.indexOf(end, from));
};
const options = (html: string) => [...html.matchAll(/<option value="([^"]+)">/g)].map(([, v]) => v);

beforeAll(async () => {
  for (const { dir, out } of [added, retired]) await build({ contentDir: dir, outDir: out });
}, 60_000);
afterAll(() => {
  for (const { dir, out } of [added, retired])
    for (const folder of [dir, out]) rmSync(folder, { recursive: true, force: true });
});

describe("a seventh service added in services.yaml alone", () => {
  const { content, page } = added;

  it("is the seventh in the content the build loads", () => {
    expect(content.services).toHaveLength(7);
    expect(content.services.at(-1)).toMatchObject(ADDED);
  });

  it("has its page, and is in the header's Services menu and the footer on every page", () => {
    expect(page(`services/${ADDED.slug}/index.html`)).toContain(`<h1`);
    for (const route of routes(content)) {
      const html = page(outputFile(route));
      expect(part(html, `id="${navListId("services")}"`, "</ul>"), route.path).toContain(ADDED.name);
      expect(part(html, 'aria-labelledby="footer-services"', "</nav>"), route.path).toContain(ADDED.name);
    }
  });

  it("is a choice in the contact form and on the quote page, with the add-ons it offers there", () => {
    const values = content.services.map((s) => s.formValue);
    expect(options(page("contact-us/index.html"))).toEqual(values);
    const quote = page("quote/index.html");
    expect(options(quote)).toEqual(values);
    const props = JSON.parse(
      quote.match(/data-island="QuotePageForm" data-props="([^"]*)"/)![1].replace(/&quot;/g, '"'),
    );
    expect(props.offer.services.at(-1)).toEqual({
      value: ADDED.formValue,
      label: ADDED.name,
      addOns: ["oven", "inside-windows", "blinds", "balcony"],
    });
  });

  it("is in the sitemap", () => {
    expect(page("sitemap.xml")).toContain(`/services/${ADDED.slug}/</loc>`);
  });

  it("is named in the owner's notice", async () => {
    const relay = relayFor(content);
    try {
      expect((await relay.post("contact", { service: ADDED.formValue })).status).toBe(200);
      expect((await relay.notices())[0]).toContain(`*Service:* ${ADDED.name}\n`);
    } finally {
      relay.remove();
    }
  });
});

describe("a service retired from services.yaml", () => {
  const { content, page, dir } = retired;

  it("is on no page, in no form and not in the sitemap, and the relay refuses it", async () => {
    const built = [...routes(content).map(outputFile), "sitemap.xml"];
    for (const file of built) {
      const html = page(file);
      for (const trace of [
        RETIRED.name,
        RETIRED.slug,
        `value="${RETIRED.formValue}"`,
        `"${RETIRED.formValue}"`,
      ])
        expect(html.includes(trace), `${file}: ${trace}`).toBe(false);
    }
    const relay = relayFor(content);
    const answer = await relay.post("contact", { service: RETIRED.formValue });
    relay.remove();
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ fields: ["service"] });
  });

  it("still shows in an old lead, by what it was posted as, in npm run leads -- show and the CSV", async () => {
    const leads = tempLeadStore();
    try {
      const body = QuoteBody.parse({ name: "Old", email: "old@example.com", service: RETIRED.formValue });
      await leads.store.add({
        id: "lead-old",
        form: "quote",
        fields: body,
        parts: ["old notice"],
        receivedAt: 0,
      });
      const env = { LEADS_DB: leads.file, CONTENT_DIR: dir };
      expect((await leadsInProcess(["show", "lead-old"], env)).stdout).toMatch(
        new RegExp(`^service +${RETIRED.formValue}$`, "m"),
      );
      const csv = (await leadsInProcess(["export"], env)).stdout;
      expect(csv).toContain(`,${RETIRED.formValue},`);
      // A service the site offers is written by its name.
      expect((await leadsInProcess(["export"], { LEADS_DB: leads.file })).stdout).toContain(
        `,${RETIRED.name},`,
      );
    } finally {
      leads.remove();
    }
  });
});
