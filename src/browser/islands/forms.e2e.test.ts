/**
 * The quote and contact forms in Chromium against the built site, the real
 * relay and a Telegram stand-in: what a visitor sees and what the owner gets.
 */
import type { Page, Request } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { PHONE as PHONE_SCREEN } from "../../testing/browser.ts";
import { axe } from "../../testing/axe.ts";
import { withFullStack } from "../../testing/full-stack.ts";
import { CHUNKS, holdScripts } from "../../testing/islands.ts";
import { MIN_PROOF_AGE_MS } from "../../relay/intake/spam.ts";
import { HOLD_MS } from "../loader/submit.ts";

const PHONE = loadContent("content").site.phone;
/**
 * How long the loader waits for the visitor to pause before it runs an island (loader/islands.ts, which runs
 * only in a page).
 */
const PAUSE_MS = 300;
const HOSTILE = "Hi_there *bold* `code` [link](x) back\\slash\n🧽✨ مرحبا 你好\n  ends with \\";

/**
 * The relay's clock (stack.clock) is every page's too: the tests move it past real time (`typedForAWhile`).
 */
const stack = withFullStack({ spam: true, site: { phone: PHONE }, attemptTimeoutMs: 2_500 });
afterEach(() => {
  stack.relay.opened.db.pragma("query_only = OFF");
});

/**
 * The store refuses writes (as a read-only or full disk would): the one failure a visitor is told about,
 * besides the relay being unreachable.
 */
const breakStore = () => stack.relay.opened.db.pragma("query_only = ON");

/**
 * Opens a page of the site (or of `origin`, another site) on a phone's screen, as most visitors send
 * the forms, and, with script, wakes its form. (A phone's screen also costs Chromium less to paint:
 * about 5 core-seconds over this file's contexts against 1280 px.) `prepare` runs before the page
 * loads, for routes the test needs in place from the start.
 */
async function open(
  path: string,
  {
    js = true,
    origin = stack.site.url,
    prepare,
  }: { js?: boolean; origin?: string; prepare?: (page: Page) => Promise<unknown> } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage({ javaScriptEnabled: js });
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await prepare?.(page);
  await page.goto(origin + path);
  if (js) {
    // The form wakes when the visitor reaches into it, and runs React once they pause (PAUSE_MS, 300 ms, in
    // loader/islands.ts): passed on both clocks, as typedForAWhile passes time, rather than waited out.
    await page.focus("[data-island$=Form] input");
    stack.clock.advance(PAUSE_MS);
    await page.clock.fastForward(PAUSE_MS);
    await page.waitForSelector("[data-island$=Form][data-hydrated=true]", { timeout: 15_000 });
  }
  return { page, errors };
}

/**
 * A page in a context of its own on a phone's screen, its clock (with script) the relay's: see
 * `typedForAWhile`.
 */
async function newPage(options: { javaScriptEnabled?: boolean; hasTouch?: boolean } = {}): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: PHONE_SCREEN, ...options });
  if (options.javaScriptEnabled !== false) await context.clock.install({ time: stack.clock.now() });
  return context.newPage();
}

/**
 * The time a person takes to fill in a form, passed at once rather than waited out. The spam check's time
 * trap wants MIN_PROOF_AGE_MS between a proof and its post: the script's proof in `form`, which the form's
 * script waits out the rest of, or without `form` the proof in the relay's confirmation page for a
 * script-less post. So once the proof is there, the relay's clock and the page's (Playwright's, installed
 * by newPage) move on together, as if the visitor had typed for that long. The first quote-form test waits
 * it out in real time.
 */
async function typedForAWhile(page: Page, form?: string) {
  const ms = MIN_PROOF_AGE_MS[form ? "script" : "page"] + 300;
  if (form)
    await page.waitForSelector(`${form} input[name=proof][data-fetched-at]`, {
      state: "attached",
      timeout: 10_000,
    });
  stack.clock.advance(ms);
  if (form) await page.clock.fastForward(ms);
}

const values = (page: Page, form: string) =>
  page.$$eval(
    `${form} input:not([name=website]):not([type=hidden]), ${form} textarea, ${form} select`,
    (els) => els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value]),
  );

/** A notice's words, one line per block. */
const words = async (page: Page, selector: string) =>
  (await page.locator(selector).innerText()).replace(/\n+/g, "\n").trim();

/** The message parts the owner got, in order, as Telegram shows them. */
const receivedMessage = () =>
  stack.tg.delivered
    .map((d) => /Message(?: \(continued\))?:\n([\s\S]*)\n\nSubmitted: /.exec(d.shown)![1])
    .join("");

describe("quote form (home hero)", () => {
  it("keeps what was typed before hydration, shows it is sending, then says Quote Request Sent! and clears every field", async () => {
    const context = await stack.browser.newContext({ viewport: PHONE_SCREEN });
    const page = await context.newPage();
    // Hold the islands script back until the visitor has typed.
    const release = await holdScripts(page, /\/assets\/islands-.*\.js$/);
    // The held module script holds DOMContentLoaded back too, so wait only for the form's HTML.
    await page.goto(stack.site.url + "/", { waitUntil: "commit" });
    await page.waitForSelector("#quote-message");
    await page.fill("#quote-name", "John Smith");
    await page.fill("#quote-email", "john_smith@example.com");
    await page.fill("#quote-message", HOSTILE);
    release();
    await page.waitForSelector("[data-island=QuoteForm][data-hydrated=true]", { timeout: 15_000 });
    expect(await values(page, "#home form")).toEqual([
      ["name", "John Smith"],
      ["email", "john_smith@example.com"],
      ["phone", ""],
      ["address", ""],
      ["message", HOSTILE],
    ]);

    stack.tg.next({ kind: "ok", delayMs: 1_500 });
    await page.click("#home button[type=submit]");
    const button = page.locator("#home button[type=submit]");
    await expect.poll(() => button.textContent()).toBe("Sending…");
    expect(await button.isDisabled()).toBe(true);

    const status = page.locator("#home [role=status]");
    await status.getByText("Quote Request Sent!").waitFor({ timeout: 15_000 });
    expect(await status.innerText()).toContain("We'll get back to you within 24 hours with a custom quote.");
    expect(await page.locator("#home [role=alert]").innerText()).toBe("");
    expect(await button.textContent()).toBe("Get My Free Quote");
    expect(await button.isDisabled()).toBe(false);
    // Disabled while sending, the button lost focus to the page; it has it back (WCAG 2.4.3).
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await values(page, "#home form")).every(([, v]) => v === "")).toBe(true);

    expect(stack.tg.delivered).toHaveLength(1);
    const shown = stack.tg.delivered[0].shown;
    expect(shown).toContain(
      "Name: John Smith\nEmail: john_smith@example.com\nPhone: Not provided\nProperty Address: Not provided\n",
    );
    expect(receivedMessage()).toBe(HOSTILE);
    expect(shown).toMatch(/Submitted: \d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d\d:\d\d [ap]m AEST\n?$/);

    await page.click("#home [aria-label='Dismiss notice']");
    expect(await status.innerText()).toBe("");
    await context.close();
  });

  it("sent moments after autofill, before its island runs, waits for the island: its notice in place, not the plain post's confirm page", async () => {
    const page = await newPage({ hasTouch: true });
    await page.goto(stack.site.url + "/", { waitUntil: "load" });
    const release = await holdScripts(page);
    // Autofill fills every field at once; the visitor taps Send straight after.
    await page.locator("#quote-name").tap();
    await page.fill("#quote-name", "Quick Tap");
    await page.fill("#quote-email", "quick_tap@example.com");
    await typedForAWhile(page, "#home");
    const button = page.locator("#home button[type=submit]");
    await button.tap();
    // Held on the page while React is on its way: the button says so by being disabled.
    expect(await button.isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.locator("[data-island=QuoteForm][data-hydrated]").count()).toBe(0);
    release();
    await page.locator("#home [role=status]").getByText("Quote Request Sent!").waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/");
    expect((await values(page, "#home form")).every(([, v]) => v === "")).toBe(true);
    await expect.poll(() => stack.tg.delivered.length).toBe(1);
    expect(stack.tg.delivered[0].shown).toContain("Name: Quick Tap\nEmail: quick_tap@example.com\n");
    await page.context().close();
  });

  it("sent when its island's code never arrives, it waits a few seconds for it, then is delivered as a plain form post", async () => {
    const page = await newPage({ hasTouch: true });
    await page.goto(stack.site.url + "/", { waitUntil: "load" });
    // Every chunk from now on (the island's, React's) never arrives.
    await page.route(CHUNKS, () => {});
    await page.locator("#quote-name").tap();
    await page.keyboard.type("Early Bird");
    await page.locator("#quote-email").tap();
    await page.keyboard.type("early@example.com");
    await page.locator("#quote-message").tap();
    await page.keyboard.type(HOSTILE);
    // The loader fetched the spam check's proof when the visitor reached the form; a person takes longer than
    // its 3 s to type.
    await typedForAWhile(page, "#home");
    // Held for the island for HOLD_MS, passed on the page's clock rather than waited out. (The clock also
    // runs on in real time, so how long the page holds is not checked here: a busy machine can pass any
    // margin.)
    const send = async () => {
      await page.locator("#home button[type=submit]").tap();
      await page.clock.fastForward(HOLD_MS);
    };
    await Promise.all([page.waitForNavigation(), send()]);
    expect(await words(page, "[role=status]")).toBe(
      "Quote Request Sent!\nWe'll get back to you within 24 hours with a custom quote.",
    );
    expect(stack.tg.delivered).toHaveLength(1);
    expect(stack.tg.delivered[0].shown).toContain("Name: Early Bird\nEmail: early@example.com\n");
    expect(receivedMessage()).toBe(HOSTILE);
    await page.context().close();
  });

  it("when the lead cannot be stored shows the destructive Error notice, keeps every field as typed, and logs the internal text", async () => {
    const { page, errors } = await open("/");
    breakStore();
    const typed: [string, string][] = [
      ["#quote-name", "Zoë O'Brien"],
      ["#quote-email", "zoe@example.com"],
      ["#quote-phone", "0491 570 156"],
      ["#quote-address", "12 Jacaranda St, New Farm QLD 4005"],
      ["#quote-message", "Line 1\nLine 2 *"],
    ];
    for (const [sel, v] of typed) await page.fill(sel, v);
    await typedForAWhile(page, "#home");
    await page.click("#home button[type=submit]");
    const alert = page.locator("#home [role=alert]");
    await alert.getByText("Error", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await alert.innerText()).toContain(
      "There was an issue sending your request. Please try again or call us directly.",
    );
    expect(await values(page, "#home form")).toEqual(
      typed.map(([sel, v]) => [sel.replace("#quote-", ""), v]),
    );
    expect(errors.some((e) => e.includes("Failed to send message to Telegram"))).toBe(true);
    expect(stack.tg.delivered).toHaveLength(0);
    await page.click("#home [aria-label='Dismiss notice']");
    expect(await alert.innerText()).toBe("");
    await page.context().close();
  });

  it.each(["connectionrefused", "internetdisconnected"] as const)(
    "shows the failure notice when the relay cannot be reached (%s)",
    async (why) => {
      const { page, errors } = await open("/");
      await page.route("**/api/quote", (route) => route.abort(why));
      await page.fill("#quote-name", "Ann");
      await page.fill("#quote-email", "ann@example.com");
      await typedForAWhile(page, "#home");
      await page.click("#home button[type=submit]");
      await page
        .locator("#home [role=alert]")
        .getByText("There was an issue sending your request.", { exact: false })
        .waitFor({ timeout: 15_000 });
      expect(await page.inputValue("#quote-name")).toBe("Ann");
      expect(errors.some((e) => e.includes("Failed to send message to Telegram"))).toBe(true);
      await page.context().close();
    },
  );

  it("shows the failure notice, not a false success, when the spam check's proof cannot be fetched; the next try sends", async () => {
    const { page } = await open("/", {
      prepare: (p) => p.route("**/api/proof?*", (route) => route.abort("connectionrefused")),
    });
    await page.fill("#quote-name", "No Proof Yet");
    await page.fill("#quote-email", "noproof@example.com");
    await page.click("#home button[type=submit]");
    await page
      .locator("#home [role=alert]")
      .getByText("There was an issue sending your request.", { exact: false })
      .waitFor({ timeout: 15_000 });
    expect(await page.inputValue("#quote-name")).toBe("No Proof Yet");
    // Nothing was posted without a proof, so nothing sits unseen in the spam folder.
    expect((await stack.relay.opened.store.list()).filter((l) => l.fields?.name === "No Proof Yet")).toEqual(
      [],
    );

    await page.unroute("**/api/proof?*");
    await page.click("#home button[type=submit]");
    // The form fetches the proof as it sends, then waits out the time trap.
    await typedForAWhile(page, "#home");
    await page.locator("#home [role=status]").getByText("Quote Request Sent!").waitFor({ timeout: 15_000 });
    await expect
      .poll(() => stack.tg.delivered.filter((d) => d.shown.includes("No Proof Yet")).length, {
        timeout: 10_000,
        message: "the second try is delivered",
      })
      .toBe(1);
    await page.context().close();
  });

  it("sends with the spam check off (SPAM_CHECKS=off: the relay hands out an empty proof)", async () => {
    const off = await stack.anotherSite();
    const { page } = await open("/", { origin: off.site.url });
    await page.fill("#quote-name", "Spam Check Off");
    await page.fill("#quote-email", "off@example.com");
    await page.click("#home button[type=submit]");
    await page.locator("#home [role=status]").getByText("Quote Request Sent!").waitFor({ timeout: 15_000 });
    expect((await off.relay.opened.store.list()).map((l) => [l.fields?.name, l.status])).toEqual([
      ["Spam Check Off", expect.stringMatching(/pending|delivered/)],
    ]);
    await page.context().close();
  });

  it("says Quote Request Sent! once the lead is stored while Telegram misbehaves, and the owner gets it once Telegram recovers", async () => {
    stack.tg.next({ kind: "tooMany", retryAfter: 1 }, { kind: "serverError" }, { kind: "hang" });
    const { page } = await open("/");
    await page.fill("#quote-name", "Ann");
    await page.fill("#quote-email", "ann@example.com");
    await typedForAWhile(page, "#home");
    await page.click("#home button[type=submit]");
    await page.locator("#home [role=status]").getByText("Quote Request Sent!").waitFor({ timeout: 10_000 });
    expect(stack.tg.delivered).toHaveLength(0);
    // Each retry's wait (1 s, then about 4 and 8 s) is passed on the relay's clock once the failed try before
    // it is recorded; the unanswered attempt's own timeout (2.5 s) is real.
    const ann = async () => (await stack.relay.opened.store.list()).find((l) => l.fields?.name === "Ann");
    for (const tries of [1, 2, 3]) {
      await expect
        .poll(async () => (await ann())?.attempts, {
          timeout: 15_000,
          message: `the lead's failed try ${tries} is recorded`,
        })
        .toBe(tries);
      stack.clock.moveTo((await ann())!.nextAttemptAt);
    }
    await expect
      .poll(() => stack.tg.delivered.length, {
        timeout: 10_000,
        message: "the stored lead reaches Telegram after a 429, a 502 and no answer",
      })
      .toBe(1);
    expect(stack.tg.attempts).toBe(4);
    expect(stack.logs.join("\n")).not.toContain(stack.tg.token);
    await page.context().close();
  });

  it("a double click sends one message", async () => {
    const { page } = await open("/");
    const posts: Request[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r));
    await page.fill("#quote-name", "Double Click");
    await page.fill("#quote-email", "dc@example.com");
    await typedForAWhile(page, "#home");
    await page.dblclick("#home button[type=submit]");
    await page.locator("#home [role=status]").getByText("Quote Request Sent!").waitFor({ timeout: 10_000 });
    // Every post the clicks made has its answer (so its lead is stored), and the relay has sent every lead it
    // holds.
    await Promise.all(posts.map((r) => r.response()));
    await stack.relay.drained();
    expect(stack.tg.delivered.filter((d) => d.shown.includes("Double Click"))).toHaveLength(1);
    await page.context().close();
  });

  it("sends a second message from the same page with a new proof: both reach the owner, neither is stopped as spam", async () => {
    const { page } = await open("/");
    for (const name of ["First Message", "Second Message"]) {
      await page.fill("#quote-name", name);
      await page.fill("#quote-email", "twice@example.com");
      await typedForAWhile(page, "#home");
      await page.click("#home button[type=submit]");
      await page.locator("#home [role=status]").getByText("Quote Request Sent!").waitFor({ timeout: 15_000 });
      await page.click("#home [aria-label='Dismiss notice']");
    }
    await expect
      .poll(() => stack.tg.delivered.map((d) => /Name: (.+)/.exec(d.shown)?.[1]), {
        timeout: 10_000,
        message: "both notices arrive",
      })
      .toEqual(["First Message", "Second Message"]);
    expect(
      (await stack.relay.opened.store.list({ statuses: ["spam"] })).filter(
        (l) => l.fields?.email === "twice@example.com",
      ),
    ).toEqual([]);
    await page.context().close();
  });

  it("hides the honeypot from people, screen readers and the Tab key", async () => {
    const { page } = await open("/");
    const trap = page.locator("#quote-website");
    expect(
      await trap.evaluate((el) => [
        el.closest("[aria-hidden=true]") !== null,
        (el as HTMLInputElement).tabIndex,
        el.getAttribute("autocomplete"),
      ]),
    ).toEqual([true, -1, "off"]);
    const wrapper = await trap.evaluate((el) => {
      const box = el.closest("[aria-hidden=true]")!.getBoundingClientRect();
      return [box.width * box.height, getComputedStyle(el.closest("[aria-hidden=true]")!).overflow];
    });
    expect(wrapper).toEqual([1, "hidden"]);
    await page.focus("#quote-message");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Get My Free Quote");
    await page.context().close();
  });
});

describe("contact form", () => {
  it("preselects ?service=, delivers a 10,000-character message complete and in order, then clears every field", async () => {
    const { page } = await open("/contact-us/?service=oven-bbq-cleaning");
    expect(await page.inputValue("#contact-service")).toBe("oven-bbq-cleaning");
    const message = Array.from(
      { length: 400 },
      (_, i) => `Line ${String(i).padStart(3, "0")} _*[\` ${"x".repeat(12)}`,
    )
      .join("\n")
      .slice(0, 10_000);
    expect(message).toHaveLength(10_000);
    await page.fill("#contact-name", "Mia");
    await page.fill("#contact-email", "mia@example.com");
    await page.fill("#contact-message", message);
    await typedForAWhile(page, "#main form");
    await page.click("#main form button[type=submit]");
    const status = page.locator("#main form [role=status]");
    await status.getByText("Message Sent Successfully!").waitFor({ timeout: 20_000 });
    expect(await status.innerText()).toContain(
      "Thank you for contacting us. We'll get back to you within 24 hours.",
    );
    expect(stack.tg.delivered.length).toBe(3);
    stack.tg.delivered.forEach((d, i) =>
      expect(d.shown.startsWith(`New Contact Form Submission (${i + 1}/3)`)).toBe(true),
    );
    expect(stack.tg.delivered[0].shown).toContain("Service: Oven & BBQ Cleaning Brisbane\n");
    expect(receivedMessage()).toBe(message);
    expect((await values(page, "#main form")).every(([, v]) => v === "")).toBe(true);
    await page.context().close();
  });

  it("when the lead cannot be stored names the phone number, keeps every field, and logs the internal text", async () => {
    const { page, errors } = await open("/contact-us/");
    breakStore();
    await page.fill("#contact-name", "Mia");
    await page.fill("#contact-email", "mia@example.com");
    await page.fill("#contact-phone", "07 5550 1234");
    await page.selectOption("#contact-service", "carpet-cleaning");
    await page.fill("#contact-message", HOSTILE);
    await typedForAWhile(page, "#main form");
    await page.click("#main form button[type=submit]");
    const alert = page.locator("#main form [role=alert]");
    await alert.getByText("Error", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await alert.innerText()).toContain(
      `There was an issue sending your message. Please try again or call us directly at ${PHONE}.`,
    );
    expect(await values(page, "#main form")).toEqual([
      ["name", "Mia"],
      ["email", "mia@example.com"],
      ["phone", "07 5550 1234"],
      ["service", "carpet-cleaning"],
      ["message", HOSTILE],
    ]);
    expect(errors.some((e) => e.includes("Failed to send contact form to Telegram"))).toBe(true);
    await page.context().close();
  });
});

describe("without JavaScript", () => {
  it("the quote form posts to the relay, is asked once to confirm, and gets a page saying Quote Request Sent!", async () => {
    const { page } = await open("/", { js: false });
    await page.fill("#quote-name", "No Script");
    await page.fill("#quote-email", "noscript@example.com");
    await page.fill("#quote-message", HOSTILE);
    await Promise.all([page.waitForNavigation(), page.click("#home button[type=submit]")]);
    expect(await words(page, "[role=status]")).toBe(
      "Please confirm your message\nTo keep spam out we ask this once: check what you typed below, then press Send.",
    );
    expect(await page.inputValue("[name=message]")).toBe(HOSTILE);
    expect(stack.tg.delivered).toHaveLength(0);
    await typedForAWhile(page);
    await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(await words(page, "[role=status]")).toBe(
      "Quote Request Sent!\nWe'll get back to you within 24 hours with a custom quote.",
    );
    expect(receivedMessage()).toBe(HOSTILE);
    await page.click("text=Back to the site");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });

  it("a contact post that cannot be stored shows the Error text and the form again holding what was typed", async () => {
    const { page } = await open("/contact-us/", { js: false });
    breakStore();
    await page.fill("#contact-name", "Mia <b>");
    await page.fill("#contact-email", "mia@example.com");
    await page.selectOption("#contact-service", "office-cleaning");
    await page.fill("#contact-message", HOSTILE);
    await Promise.all([page.waitForNavigation(), page.click("#main form button[type=submit]")]);
    expect(await words(page, "[role=alert]")).toBe(
      `Error\nThere was an issue sending your message. Please try again or call us directly at ${PHONE}.`,
    );
    expect(await page.inputValue("[name=name]")).toBe("Mia <b>");
    expect(await page.inputValue("[name=email]")).toBe("mia@example.com");
    expect(await page.inputValue("[name=service]")).toBe("office-cleaning");
    expect(await page.inputValue("[name=message]")).toBe(HOSTILE);

    // Sending it again from that page works once the store is back (after the one confirmation a script-less
    // post asks for).
    stack.relay.opened.db.pragma("query_only = OFF");
    await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(await page.locator("[role=status]").innerText()).toContain("Please confirm your message");
    await typedForAWhile(page);
    await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(await page.locator("[role=status]").innerText()).toContain("Message Sent Successfully!");
    expect(receivedMessage()).toBe(HOSTILE);
    await page.context().close();
  });
});

describe("the collection notice (APP 5)", () => {
  const NOTICE =
    "We use these details only to answer your enquiry. They reach us through Telegram, whose servers are outside Australia: see our privacy policy.";

  /** The notice under a form's button: shown, after the button, and its link leads to the privacy policy. */
  async function expectNotice(page: Page, form: string) {
    const notice = page.locator(`${form} p`, { hasText: "We use these details only" });
    expect(await notice.isVisible()).toBe(true);
    expect((await notice.innerText()).replace(/\s+/g, " ").trim()).toBe(NOTICE);
    const afterButton = await page.$eval(
      `${form} button[type=submit]`,
      (button, text) => {
        const p = [...button.closest("form")!.querySelectorAll("p")].find((e) =>
          e.textContent!.startsWith(text),
        )!;
        return Boolean(button.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING);
      },
      "We use these details only",
    );
    expect(afterButton).toBe(true);
    await Promise.all([page.waitForNavigation(), notice.locator("a", { hasText: "privacy policy" }).click()]);
    expect(new URL(page.url()).pathname).toBe("/privacy-policy/");
    expect(await page.locator("h1").innerText()).toBe("Privacy Policy");
  }

  for (const js of [true, false]) {
    it(`shows under the quote form's button ${js ? "once the form has woken" : "without JavaScript"}, linking to the privacy policy`, async () => {
      const { page } = await open("/", { js });
      await expectNotice(page, "#home form");
      await page.context().close();
    });

    it(`shows under the contact form's button ${js ? "once the form has woken" : "without JavaScript"}, linking to the privacy policy`, async () => {
      const { page } = await open("/contact-us/", { js });
      await expectNotice(page, "#main form");
      await page.context().close();
    });
  }

  it("shows on the relay's page for a post without JavaScript, linking to the site's privacy policy; the page passes axe at 390 and 1280 px", async () => {
    const { page } = await open("/contact-us/", { js: false });
    await page.fill("#contact-name", "No Script");
    await page.fill("#contact-email", "noscript@example.com");
    await page.fill("#contact-message", "Please call me about a bond clean.");
    await Promise.all([page.waitForNavigation(), page.click("#main form button[type=submit]")]);
    expect(await page.locator("[role=status]").innerText()).toContain("Please confirm your message");
    expect(await page.getAttribute("form p a", "href")).toBe(`${stack.site.url}/privacy-policy/`);
    await expectNotice(page, "form");
    // The page is the site's own form components and stylesheet (ResultPage.tsx), contrast and targets
    // included. axe is a script, and this context runs none: its markup is checked in one that does (the page
    // has no script of its own).
    const html = await page.content();
    await page.context().close();
    const checking = await stack.browser.newContext({ viewport: PHONE_SCREEN });
    const checked = await checking.newPage();
    await checked.setContent(html);
    expect(await axe(checked)).toEqual([]);
    await checked.setViewportSize({ width: 1280, height: 800 });
    expect(await axe(checked)).toEqual([]);
    await checking.close();
  });
});
