/**
 * The privacy policy and the terms on the built site: both built and indexable,
 * linked from every footer and every "terms apply", each form's collection
 * notice linking to the policy, and the facts they state taken from where they
 * are decided (the relay's retention setting, site.yaml, the forms' fields).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { leadRetentionDays, renderDefaults } from "../../build/build.ts";
import { renderRoute } from "../../build/render.tsx";
import { isIndexable, outputFile, routes, type Route } from "../../content/routes.ts";
import { PRIVACY_PATH, TERMS_PATH } from "../../shared/paths.ts";
import { DIST_DIR } from "../../testing/dist-dir.ts";
import { visibleText } from "../../testing/html.ts";

const content = loadContent("content");
const all = routes(content);
const built = (r: Route) => readFileSync(path.join(DIST_DIR, outputFile(r)), "utf8");
const page = (kind: Route["kind"]) => built(all.find((r) => r.kind === kind)!);
const text = visibleText;
const body = (html: string) => html.slice(html.indexOf("<body>"));

/**
 * Regulation 90(3) of the Competition and Consumer Regulations 2010: the text a
 * warranty against defects for services must carry. Copied here on its own, from
 * the sources in decision 0050, so an edit to the page's copy fails this test.
 */
const REGULATION_90_3 = [
  "Our services come with guarantees that cannot be excluded under the Australian Consumer Law. For major failures with the service, you are entitled:",
  "to cancel your service contract with us; and",
  "to a refund for the unused portion, or to compensation for its reduced value.",
  "You are also entitled to be compensated for any other reasonably foreseeable loss or damage. If the failure does not amount to a major failure you are entitled to have problems with the service rectified in a reasonable time and, if this is not done, to cancel your contract and obtain a refund for the unused portion of the contract.",
];

describe("the privacy policy and the terms", () => {
  it("are built, indexable and in the sitemap", () => {
    const sitemap = readFileSync(path.join(DIST_DIR, "sitemap.xml"), "utf8");
    for (const [kind, at] of [
      ["privacy", PRIVACY_PATH],
      ["terms", TERMS_PATH],
    ] as const) {
      const route = all.find((r) => r.kind === kind)!;
      expect(route.path).toBe(at);
      expect(isIndexable(route)).toBe(true);
      expect(built(route)).not.toContain('name="robots"');
      expect(sitemap).toContain(`<loc>${content.site.url.replace(/\/$/, "")}${at}</loc>`);
    }
  });

  it.each(all.map((r) => [r.path, r] as const))("%s links to both from its footer", (_path, route) => {
    const footer = built(route).match(/<footer[\s\S]*<\/footer>/)![0];
    expect(footer).toMatch(new RegExp(`<a [^>]*href="${PRIVACY_PATH}"[^>]*>Privacy Policy</a>`));
    expect(footer).toMatch(new RegExp(`<a [^>]*href="${TERMS_PATH}"[^>]*>Terms of Service</a>`));
  });

  // The terms themselves say which words lead to them.
  it.each(all.filter((r) => r.kind !== "terms").map((r) => [r.path, r] as const))(
    '%s links every "terms apply" to the terms',
    (_path, route) => {
      const unlinked = body(built(route)).replace(
        new RegExp(`<a href="${TERMS_PATH}"[^>]*>terms apply</a>`, "gi"),
        "",
      );
      expect(text(unlinked)).not.toMatch(/terms apply/i);
    },
  );

  it("left the contact page, which no longer says the policy is being written", () => {
    expect(text(page("contact"))).not.toMatch(/being written/);
  });
});

describe("the collection notice", () => {
  it.each([
    ["home", "/api/quote"],
    ["contact", "/api/contact"],
  ] as const)(
    "sits in the %s page's form, under its button, linking to the privacy policy",
    (kind, action) => {
      const form = page(kind).match(new RegExp(`<form [^>]*action="${action}"[\\s\\S]*?</form>`))![0];
      const notice = form.slice(form.indexOf('type="submit"'));
      expect(text(notice)).toContain(
        "We use these details only to answer your enquiry. They reach us through Telegram, whose servers are outside Australia: see our privacy policy.",
      );
      expect(notice).toMatch(new RegExp(`<a href="${PRIVACY_PATH}"[^>]*>privacy policy</a>`));
    },
  );
});

describe("the privacy policy", () => {
  const policy = text(page("privacy"));

  it("names Telegram as the delivery service, overseas, and the relay's retention in days", () => {
    expect(policy).toMatch(
      /Telegram \(Telegram Messenger Inc\.\), the messaging service that delivers every message to us/,
    );
    expect(policy).toMatch(/outside Australia/);
    expect(policy).toContain("Cloudflare");
    expect(policy).toContain(`erases what you typed ${leadRetentionDays({})} days after you sent it`);
  });

  it("states the retention the relay is set to, read by the relay's own rules", () => {
    const route = all.find((r) => r.kind === "privacy")!;
    const thirty = { ...renderDefaults(), retentionDays: leadRetentionDays({ LEADS_RETENTION_DAYS: "30" }) };
    expect(text(renderRoute(route, content, thirty))).toContain(
      "erases what you typed 30 days after you sent it",
    );
    expect(() => leadRetentionDays({ LEADS_RETENTION_DAYS: "ninety" })).toThrow(
      /LEADS_RETENTION_DAYS: expected a whole number/,
    );
  });

  it("lists each form's fields and says which are required, from the forms' own description", () => {
    expect(policy).toContain(
      "the quote form asks for your full name, email address, phone, property address and message;",
    );
    expect(policy).toContain(
      "the contact form asks for your full name, email address, phone number, service type and message.",
    );
    expect(policy).toContain(
      "Only your full name and email address are required on the quote form, and your full name, email address and message on the contact form",
    );
  });

  it("says what a form sends besides what was typed, and what a tap on a phone number tells the relay", () => {
    expect(policy).toContain(
      "the name of the search engine or website that linked to us (never the full address you came from)",
    );
    expect(policy).toContain(
      "When you tap one of our phone numbers, your browser tells our form service which number and on which page",
    );
  });

  it("says the site sets no cookies, how to ask for access or correction, and where to complain", () => {
    expect(policy).toContain("This website sets no cookies");
    expect(policy).toContain(content.site.email);
    expect(policy).toMatch(/Office of the Australian Information Commissioner \(OAIC\)/);
    expect(page("privacy")).toContain(
      'href="https://oaic.gov.au/privacy/privacy-complaints/lodge-a-privacy-complaint-with-us/"',
    );
  });
});

describe("the terms", () => {
  const terms = text(page("terms"));
  const { claims } = content.site;

  it("carry the mandatory text of regulation 90(3) for services, word for word", () => {
    for (const line of REGULATION_90_3) expect(terms).toContain(line);
    expect(terms).toContain(
      "in addition to other rights and remedies you have under a law in relation to the services",
    );
  });

  it("state each promise with site.yaml's figures, and the spring clean's walk-through instead of a re-clean", () => {
    expect(terms).toContain(`Our ${claims.bondBackGuaranteeDays}-day bond back guarantee`);
    expect(terms).toContain(`within ${claims.bondBackGuaranteeDays} days after your bond clean`);
    expect(terms).toContain(`tell us within ${claims.recleanWindowHours} hours of hearing from them`);
    expect(terms).toContain(`Free re-clean within ${claims.recleanWindowHours} hours`);
    expect(terms).toContain("It comes with Bond Cleaning.");
    expect(terms).toContain(
      "It comes with Office Cleaning, Oven & BBQ Cleaning, House Cleaning and Carpet Cleaning.",
    );
    expect(terms).toContain("Spring Cleaning does not include a re-clean");
    expect(terms).toContain(`an additional ${claims.firstCleanDiscountPercent}% off the price we quote you`);
    expect(terms).toContain("Send us a written quote from another cleaner for the same job");
    expect(terms).toContain("not a promise that your bond will be refunded");
  });

  it("name who gives the guarantees and how to reach them, and link the checklist they cover", () => {
    expect(terms).toContain(
      `given by ${content.site.name}, ${content.site.location.locality} ${content.site.location.region}`,
    );
    expect(terms).toContain(content.site.phone);
    expect(terms).toContain(content.site.email);
    expect(page("terms")).toContain('href="/services/bond-cleaning-brisbane/#checklist-title"');
  });
});

describe("the legal name and ABN", () => {
  const named = {
    ...content,
    site: { ...content.site, legalName: "Jacaranda Cleaning Pty Ltd", abn: "11223491505" },
  };

  it("are shown in the footer, the policy and the terms once site.yaml has them", () => {
    for (const kind of ["home", "privacy", "terms"] as const) {
      const html = renderRoute(
        routes(named).find((r) => r.kind === kind)!,
        named,
        renderDefaults(),
      );
      expect(text(html.match(/<footer[\s\S]*<\/footer>/)![0])).toContain(
        "Jacaranda Cleaning Pty Ltd, trading as Jacaranda Cleaning Co. (ABN 11 223 491 505)",
      );
      if (kind !== "home")
        expect(text(body(html.split("<footer")[0]))).toContain(
          "Jacaranda Cleaning Pty Ltd, trading as Jacaranda Cleaning Co. (ABN 11 223 491 505)",
        );
    }
  });

  it("are left out while site.yaml has neither", () => {
    expect(content.site.legalName).toBeUndefined();
    expect(content.site.abn).toBeUndefined();
    expect(text(page("home"))).not.toContain("ABN");
  });
});
