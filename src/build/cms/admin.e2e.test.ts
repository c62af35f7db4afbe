/**
 * The owner's editor at /admin/ (Sveltia CMS, decision 0090), in Chromium against the built site,
 * with Sveltia's test backend, which keeps the files in the browser's own storage (its origin
 * private file system) instead of GitHub: https://sveltiacms.app/en/docs/backends/test, and
 * src/lib/services/backends/fs/test.js in Sveltia's source for where (`sveltia-cms-test/`).
 *
 * One visit shared by every check: the site's real content (with the docs' example prices as
 * content/pricing.yaml) put where the test backend reads it, the CMS opened, and every content file
 * edited and saved once, among them a suburb's intro, a price, a testimonial replaced by a new
 * one (the home page shows exactly three) and a photo uploaded as a phone names it. Then the saved
 * files are read back, checked by the build's own loader, compared with the originals (the same
 * once the build's schemas have read them, but for the edits), built, and the edits found on the
 * built pages.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CORE_SCHEMA, load as readYaml } from "js-yaml";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as z from "zod";
import { build } from "../build.ts";
import { loadContent } from "../content/load.ts";
import { CONTENT_FILES, type FileKey, type FileValue } from "../../content/content.ts";
import { DESKTOP, PHONE } from "../../testing/browser.ts";
import { browserAndSitePerFile } from "../../testing/browser-suite.ts";
import { pricingExample } from "../../testing/content-problems.ts";
import { DIST_DIR } from "../../testing/dist-dir.ts";
import { ADMIN_CSP } from "../site-files.ts";
import { configFile } from "./admin.ts";
import { githubBackend, siteCmsConfig } from "./config.ts";

const env = browserAndSitePerFile();
const content = loadContent("content");
const OPTIONS = { siteUrl: content.site.url, siteName: content.site.name };

/** Each content file as the test backend starts with it: the repository's, and the example prices. */
const original = Object.fromEntries(
  Object.entries(CONTENT_FILES).map(([key, { file }]) => [
    key,
    key === "pricing" ? pricingExample() : readFileSync(path.join("content", file), "utf8"),
  ]),
) as Record<FileKey, string>;

const NEW_INTRO =
  "Leaving a rental near Annerley Junction? We bond clean Annerley homes to the real-estate checklist.";
const NEW_PRICE = 315;
const NEW_REVIEW = {
  name: "Priya S.",
  role: "Tenant, Paddington",
  content: "Booked on Monday, bond back in full by Friday. The oven looked new.",
  rating: 5,
};
const [first, second, replaced] = content.home.testimonials.items;
/** A photo as a phone sends it, small (the build warns about its size and goes on). */
const PHOTO = sharp({ create: { width: 96, height: 64, channels: 3, background: "#7c3aed" } })
  .png()
  .toBuffer();

/** One file's edit: what the owner does in the editor, and what that does to the file's values. */
interface Edit<K extends FileKey = FileKey> {
  key: K;
  /** The file's name in the editor's list. */
  label: string;
  make: (page: Page) => Promise<void>;
  /** The edit applied to the original file's values, as the build's schema reads them. */
  expected: (value: FileValue<K>) => void;
}
const edit = <K extends FileKey>(e: Edit<K>) => e as unknown as Edit;

const retitle = (key: "about" | "contact" | "quote" | "privacy" | "terms", label: string) =>
  edit({
    key,
    label,
    make: (page) =>
      page
        .getByRole("textbox", { name: /^Title/ })
        .first()
        .fill(`${label}, edited in the CMS`),
    expected: (v) => void (v.seo.title = `${label}, edited in the CMS`),
  });

const EDITS: Edit[] = [
  edit({
    key: "suburbs",
    label: "Suburbs",
    make: async (page) => {
      const annerley = await expand(page, page.getByText("Annerley", { exact: true }));
      const intro = annerley.getByRole("textbox", { name: /^Intro/ });
      await reveal(page, intro);
      await intro.fill(NEW_INTRO);
      await screenshots(page, "admin-suburb", intro);
    },
    expected: (v) => void (v.suburbs[0].intro = NEW_INTRO),
  }),
  edit({
    key: "pricing",
    label: "Prices",
    make: async (page) => {
      const bond = await expand(page, page.getByText("bond-cleaning", { exact: true }));
      const row = await expand(page, bond.getByText("1 · 1 · 290", { exact: true }));
      const price = row.getByRole("spinbutton", { name: /^Price/ });
      await reveal(page, price);
      await price.fill(String(NEW_PRICE));
      await screenshots(page, "admin-price", price);
    },
    expected: (v) => void (v.services[0].byRooms![0].price = NEW_PRICE),
  }),
  edit({
    key: "home",
    label: "Home page",
    make: async (page) => {
      const old = page.getByText(replaced.name, { exact: true });
      await reveal(page, old);
      await old
        .locator("xpath=ancestor::*[@role='group'][1]")
        .getByRole("button", { name: "Remove" })
        .click();
      await page.getByRole("button", { name: /^Add\W*Item\W*$/ }).click();
      await page.getByRole("textbox", { name: /^Name/ }).fill(NEW_REVIEW.name);
      await page.getByRole("textbox", { name: /^Role/ }).fill(NEW_REVIEW.role);
      await page.getByRole("textbox", { name: /^Content/ }).fill(NEW_REVIEW.content);
      await page.getByRole("spinbutton", { name: /^Rating/ }).fill(String(NEW_REVIEW.rating));
    },
    expected: (v) =>
      void (v.testimonials.items = [v.testimonials.items[0], v.testimonials.items[1], NEW_REVIEW]),
  }),
  edit({
    key: "site",
    label: "Business details",
    make: (page) =>
      page.getByRole("textbox", { name: /^Tagline/ }).fill("Bond cleaning in Brisbane, edited in the CMS."),
    expected: (v) => void (v.tagline = "Bond cleaning in Brisbane, edited in the CMS."),
  }),
  edit({
    key: "services",
    label: "Services",
    make: async (page) => {
      // Each service is summed up by its name (SUMMARY_FIELDS in fields.ts), as the site names it.
      const service = await expand(page, page.getByText(content.services[0].name, { exact: true }));
      const label = service.getByRole("textbox", { name: /^Nav label/ });
      await reveal(page, label);
      await label.fill(`${content.services[0].navLabel} Brisbane`);
    },
    expected: (v) => void (v.services[0].navLabel = `${content.services[0].navLabel} Brisbane`),
  }),
  edit({
    key: "faq",
    label: "FAQ",
    make: async (page) => {
      const question = await expand(page, page.getByText(content.faq[0].question, { exact: true }));
      await question.getByRole("textbox", { name: /^Answer/ }).fill("Yes: edited in the CMS.");
    },
    expected: (v) => void (v.faq[0].answer = "Yes: edited in the CMS."),
  }),
  edit({
    key: "about",
    label: "About page",
    make: async (page) => {
      await page
        .getByRole("textbox", { name: /^Title/ })
        .first()
        .fill("About page, edited in the CMS");
      // A photo straight from a phone, named as phones name them: the editor saves it in content/images/.
      const replace = page.getByRole("button", { name: "Replace Image" });
      await reveal(page, replace);
      // The image field as the owner sees it: the file's name, and the picture beside it.
      const name = page.locator(`[id="${await replace.getAttribute("aria-controls")}"]`);
      await replace.click();
      const choosing = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: /Upload/ }).click();
      await (await choosing).setFiles({ name: "IMG_2041.PNG", mimeType: "image/png", buffer: await PHOTO });
      // The upload is picked as it arrives (Insert is disabled until then); Insert puts it in the field.
      await page.getByRole("button", { name: "Insert" }).click();
      // The dialog leaves the screen at once, but hands the pick to the field only after its closing
      // transition (`closeDialog` in @sveltia/ui's modal.svelte calls `onOk` after
      // `waitForTransition`), and the field reads the file before it shows it. A Save in between
      // saves the old picture and drops the upload, so wait for what the owner would wait for: the
      // photo in the field, under the name it will be saved as, and drawn, 96 by 64 pixels.
      const shown = await name.filter({ hasText: /^\/img_2041\.png$/ }).elementHandle({ timeout: 20_000 });
      await page.waitForFunction(
        (name) => {
          // The picture nearest the name: the field's preview, once it has one.
          let box = name.parentElement;
          while (box && !box.querySelector("img")) box = box.parentElement;
          const img = box?.querySelector("img");
          return !!img?.complete && img.naturalWidth === 96 && img.naturalHeight === 64;
        },
        shown,
        { timeout: 20_000 },
      );
    },
    expected: (v) => {
      v.seo.title = "About page, edited in the CMS";
      v.story.image.src = "img_2041.png";
    },
  }),
  retitle("contact", "Contact page"),
  retitle("quote", "Quote page"),
  retitle("privacy", "Privacy policy"),
  retitle("terms", "Terms"),
];

/** Scrolls the editor until `locator` is there: Sveltia draws a form's fields as they come into view. */
async function reveal(page: Page, locator: Locator) {
  await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
  // 40 turns of the wheel: past the end of the longest form, suburbs.yaml's, with one suburb open.
  for (let turns = 0; (await locator.count()) === 0; turns++) {
    if (turns === 40) throw new Error(`scrolled the editor to its end without finding ${locator}`);
    await page.mouse.wheel(0, 600);
    // A frame for the editor to draw what came into view.
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  await locator.first().scrollIntoViewIfNeeded();
}

/** Opens the collapsed list item whose summary is `summary`, and returns its fields. */
async function expand(page: Page, summary: Locator): Promise<Locator> {
  await reveal(page, summary);
  const open = summary
    .locator("xpath=ancestor::*[@role='group'][1]")
    .getByRole("button", { name: "Expand" })
    .first();
  const fields = page.locator(`[id="${await open.getAttribute("aria-controls")}"]`);
  await open.click();
  return fields;
}

/** The editor as the owner sees it, at 1280 and 390 px, for a reviewer (copied to docs/screenshots/). */
async function screenshots(page: Page, name: string, field: Locator) {
  const dir = path.resolve(".reports/screens");
  mkdirSync(dir, { recursive: true });
  for (const [width, viewport] of [
    [1280, DESKTOP],
    [390, PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await field.evaluate((e) => e.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** Puts files (path → bytes) where the test backend reads them, in this origin's private file system. */
async function seed(page: Page, files: Record<string, Buffer>) {
  const encoded = Object.fromEntries(
    Object.entries(files).map(([p, bytes]) => [p, bytes.toString("base64")]),
  );
  await page.evaluate(async (files) => {
    const root = await (
      await navigator.storage.getDirectory()
    ).getDirectoryHandle("sveltia-cms-test", { create: true });
    for (const [name, base64] of Object.entries(files)) {
      const parts = name.split("/");
      let dir = root;
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
      await writable.close();
    }
  }, encoded);
}

/** Every key of a value read from YAML, as a path, in the order the file has them. */
const keyPaths = (value: unknown, at = ""): string[] =>
  value && typeof value === "object"
    ? Object.entries(value).flatMap(([k, v]) => [`${at}.${k}`, ...keyPaths(v, `${at}.${k}`)])
    : [];

/** The content files as the test backend holds them now, and the pictures it was given. */
const savedFiles = (page: Page) =>
  page.evaluate(
    async (names) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle("sveltia-cms-test");
      const dir = await root.getDirectoryHandle("content");
      const files: Record<string, string> = {};
      for (const name of names) files[name] = await (await (await dir.getFileHandle(name)).getFile()).text();
      const images: Record<string, string> = {};
      const folder = await dir.getDirectoryHandle("images");
      // keys() rather than for await: the test's own compiler may rewrite that into a helper the page lacks.
      const iterator = (folder as unknown as { keys(): AsyncIterator<string> }).keys();
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const bytes = new Uint8Array(
          await (await (await folder.getFileHandle(next.value)).getFile()).arrayBuffer(),
        );
        images[next.value] = btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
      }
      return { files, images };
    },
    Object.values(CONTENT_FILES).map(({ file }) => file),
  );

/**
 * The one warning the editor may print: Svelte's, in a production build, that a component already
 * gone read one of its derived values. Sveltia prints it on a slow machine (here under load, or with
 * Chromium's CPU slowed sixfold, ten times) when Insert closes the upload dialog while its tiles are
 * still making thumbnails: each tile's `updateSrc` reads its own `isThumbnail` after awaiting
 * `getAssetThumbnailURL` (src/lib/components/assets/shared/asset-preview.svelte in @sveltia/cms
 * 0.221.1, in the source map its package ships). It is about Sveltia's own components, never about
 * the configuration or content the site gives it, and the person at the screen sees nothing: the
 * photo is in the field and saved, which the checks below hold to. Any other warning still fails.
 */
const SVELTIA_SLOW_THUMBNAIL = "https://svelte.dev/e/derived_inert";
const said: string[] = [];
const elsewhere: string[] = [];
let saved: Record<string, string> = {};
let savedImages: Record<string, string> = {};
const work = mkdtempSync(path.join(tmpdir(), "cms-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  const page = await env.browser.newPage({ viewport: DESKTOP });
  page.on("console", (m) => {
    if (m.type() === "warning" && m.text() === SVELTIA_SLOW_THUMBNAIL) return;
    if (m.type() === "error" || m.type() === "warning") said.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => said.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    if (!r.url().startsWith(env.site.url) && !/^(blob|data):/.test(r.url())) elsewhere.push(r.url());
  });
  // The built config.json, with the test backend instead of GitHub: the same fields, made by the same code.
  const config = configFile(siteCmsConfig({ backend: { name: "test-repo" }, ...OPTIONS }));
  await page.route(/\/admin\/config\.json(\?|$)/, (route) =>
    route.fulfill({ body: config, contentType: "application/json; charset=utf-8" }),
  );
  await page.goto(env.site.url + "/robots.txt");
  const images = readdirSync("content/images").map((f) => [
    `content/images/${f}`,
    readFileSync(`content/images/${f}`),
  ]);
  await seed(page, {
    ...Object.fromEntries(images),
    ...Object.fromEntries(
      Object.entries(original).map(([key, text]) => [
        `content/${CONTENT_FILES[key as FileKey].file}`,
        Buffer.from(text),
      ]),
    ),
  });
  await page.goto(env.site.url + "/admin/");
  await page.getByRole("button", { name: "Work with Test Repository" }).click();
  for (const edit of EDITS) {
    await page.getByText(edit.label, { exact: true }).click();
    await edit.make(page);
    await page.getByRole("button", { name: "Save" }).click();
    // Sveltia goes back to the list of files only once the save is written to the test backend
    // (`save` in its toolbar.svelte awaits `saveEntry`, which awaits the commit), and says so there.
    await page.waitForURL(/#\/collections\/_singletons$/, { timeout: 30_000 });
    await page.getByRole("status").filter({ hasText: "Entry saved." }).waitFor({ timeout: 10_000 });
  }
  const held = await savedFiles(page);
  saved = held.files;
  savedImages = held.images;
  // What the editor writes, for a reviewer to read beside content/.
  mkdirSync(".reports/cms-saved", { recursive: true });
  for (const [f, t] of Object.entries(saved)) writeFileSync(path.join(".reports/cms-saved", f), t);
}, 300_000);

describe("the editor at /admin/, with Sveltia's test backend", () => {
  it("loads from the site alone, under its own Content-Security-Policy, with no error or warning", async () => {
    expect(elsewhere).toEqual([]);
    expect(said).toEqual([]);
    const res = await fetch(env.site.url + "/admin/");
    expect(res.headers.get("content-security-policy")).toBe(ADMIN_CSP);
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("is configured by the build from the content schemas, saving to GitHub", () => {
    expect(readFileSync(path.join(DIST_DIR, "admin", "config.json"), "utf8")).toBe(
      configFile(siteCmsConfig({ backend: githubBackend(), ...OPTIONS })),
    );
  });

  it.each(EDITS.map((e) => [e.key, e] as const))(
    "saves %s so that it means what it meant, but for the edit, to the build's own schema",
    (key, change) => {
      const { file, schema } = CONTENT_FILES[key];
      const read = (text: string) =>
        (schema as z.ZodType).parse(readYaml(text, { schema: CORE_SCHEMA })) as FileValue<typeof key>;
      const expected = read(original[key]);
      change.expected(expected);
      expect(saved[file], "the editor saved the file").not.toBe(original[key]);
      expect(read(saved[file])).toEqual(expected);
      // Every key the file had is where it was: the editor writes fields in the schema's order.
      const before = keyPaths(readYaml(original[key], { schema: CORE_SCHEMA }));
      const after = keyPaths(readYaml(saved[file], { schema: CORE_SCHEMA }));
      expect(after.filter((k) => before.includes(k))).toEqual(before.filter((k) => after.includes(k)));
    },
  );

  it("saves files the build loads and builds, with the edits on the built pages", async () => {
    const dir = path.join(work, "content");
    mkdirSync(path.join(dir, "images"), { recursive: true });
    for (const [file, base64] of Object.entries(savedImages))
      writeFileSync(path.join(dir, "images", file), Buffer.from(base64, "base64"));
    for (const [file, text] of Object.entries(saved)) writeFileSync(path.join(dir, file), text);
    // The uploaded photo, under the name the editor gave it, as the repository would have it.
    expect(readFileSync(path.join(dir, "images", "img_2041.png"))).toEqual(await PHOTO);
    const loaded = loadContent(dir);
    expect(loaded.suburbs[0].intro).toBe(NEW_INTRO);
    const out = path.join(work, "dist");
    await build({ contentDir: dir, outDir: out });
    const page = (p: string) => readFileSync(path.join(out, p, "index.html"), "utf8");
    expect(page("suburbs/annerley")).toContain(NEW_INTRO);
    // The photo took the team picture's place, as the build's copies of it.
    expect(page("about-us")).toMatch(/<picture>[\s\S]*?srcset="\/assets\/img\//i);
    const home = page("");
    for (const text of [NEW_REVIEW.name, NEW_REVIEW.role, NEW_REVIEW.content, first.name, second.name])
      expect(home).toContain(text);
    expect(home).not.toContain(replaced.name);
    // A rule the editor cannot check, a neighbour with a page of its own, stops the build at its line
    // and field in the file as the editor wrote it, and names the fix.
    const broken = saved["suburbs.yaml"].replace(/^( +- )greenslopes$/m, "$1no-such-suburb");
    writeFileSync(path.join(dir, "suburbs.yaml"), broken);
    const line = broken.split("\n").findIndex((l) => l.endsWith("- no-such-suburb")) + 1;
    expect(() => loadContent(dir)).toThrow(
      new RegExp(`content/suburbs\\.yaml:${line} suburbs\\[0\\] "annerley" → nearby\\[0\\]: `),
    );
    // The quote page hands its island the owner's price table, from which it works out the estimate.
    expect(page("quote").replaceAll("&quot;", '"')).toContain(
      `{"bedrooms":1,"bathrooms":1,"price":${NEW_PRICE}}`,
    );
  });
});
