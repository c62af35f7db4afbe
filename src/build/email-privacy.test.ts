/**
 * The privacy policy and the relay cannot disagree about email (decision 0063):
 * content/privacy.yaml's `emailProvider` decides both what the policy says and
 * what the relay is told (siteFacts), and the relay refuses email settings the
 * policy it was told of does not cover. Without it the policy is as before.
 */
import { describe, expect, it } from "vitest";
import { loadContent } from "./content/load.ts";
import { routes } from "../content/routes.ts";
import { siteFacts } from "../content/site-facts.ts";
import { renderRoute } from "./render.tsx";
import { renderDefaults } from "./build.ts";
import { visibleText } from "../testing/html.ts";
import { privacyProblem } from "../relay/email/privacy.ts";
import { siteFromVars, siteVars } from "../relay/worker/site-vars.ts";
import type { EmailSettings } from "../relay/email/settings.ts";
import type { Content } from "../content/content.ts";
import { collectionNotice } from "../shared/forms/texts.ts";
import { resultPage } from "../relay/intake/page.ts";

const content = loadContent("content");
const withEmail: Content = { ...content, privacy: { ...content.privacy, emailProvider: "resend" } };
const page = (c: Content, path: string) =>
  visibleText(
    renderRoute(
      routes(c).find((r) => r.path === path)!,
      c,
      renderDefaults(),
    ),
  );
const policy = (c: Content) => page(c, "/privacy-policy/");
const EMAIL: EmailSettings = {
  apiUrl: "https://api.resend.com",
  apiKey: "re_x",
  from: { address: "hello@mail.example.com.au" },
  ownerEmail: "owner@example.com.au",
  fallbackMinutes: 5,
  confirmationsPerHour: 20,
  digest: false,
};

describe("email in the privacy policy and the relay", () => {
  it("names Resend and where it keeps data only when content/privacy.yaml says the relay sends email", () => {
    expect(content.privacy.emailProvider).toBeUndefined();
    expect(policy(content)).not.toContain("Resend");
    const named = policy(withEmail);
    expect(named).toContain("Resend, the email service our form service sends email through");
    expect(named).toContain("Resend keeps its records in the United States");
    expect(named).toContain("Resend keeps each email it sends for 30 days");
  });

  it("names every recipient outside Australia in each form's collection notice (the home page's, the quote page's, the contact page's and the relay's page's), from the policy's setting", () => {
    const sentence = (email: "resend" | undefined) => {
      const { before, link, after } = collectionNotice(email);
      return `${before}${link}${after}`;
    };
    expect(sentence(undefined)).toBe(
      "We use these details only to answer your enquiry. They reach us through Telegram, whose servers are outside Australia: see our privacy policy.",
    );
    expect(sentence("resend")).toBe(
      "We use these details only to answer your enquiry and to email you a confirmation, the quote you ask for and, if you book, your booking. They reach us through Telegram, whose servers are outside Australia, and Resend, an email service that keeps its records in the United States: see our privacy policy.",
    );
    for (const path of ["/", "/quote/", "/contact-us/"]) {
      expect(page(content, path)).toContain(sentence(undefined));
      expect(page(withEmail, path)).toContain(sentence("resend"));
      // One notice, inside the form: no sentence of its own beside it.
      expect(page(withEmail, path).match(/Resend/g)).toHaveLength(1);
    }
    // The policy lists the same services outside Australia, from the same setting.
    expect(policy(content)).not.toContain("Resend");
    expect(policy(withEmail)).toContain("Resend keeps its records in the United States");
    const failed = {
      form: "contact" as const,
      mode: "failed" as const,
      notice: { title: "Not sent", text: "Try again." },
      values: {},
      action: "/api/contact",
      back: "/contact-us/",
    };
    expect(visibleText(resultPage(failed))).toContain(sentence(undefined));
    expect(visibleText(resultPage({ ...failed, emailNotice: true }))).toContain(sentence("resend"));
    // The page that only says it was sent shows no form, so no notice.
    expect(resultPage({ ...failed, mode: "sent", emailNotice: true })).not.toContain("Resend");
  });

  it("tells the relay what the policy says, on Node and through the Worker's variables, and the relay refuses email the policy does not name", () => {
    for (const c of [content, withEmail]) {
      const named = policy(c).includes("Resend");
      const facts = siteFacts(c);
      expect(facts.emailProvider).toBe(named ? "resend" : "none");
      expect(siteFromVars(siteVars(facts)).emailProvider).toBe(facts.emailProvider);
      expect(privacyProblem(EMAIL, facts) === undefined).toBe(named);
      expect(privacyProblem(EMAIL, siteFromVars(siteVars(facts))) === undefined).toBe(named);
      // Email off: nothing to disagree about.
      expect(privacyProblem(undefined, facts)).toBeUndefined();
    }
    expect(privacyProblem(EMAIL, siteFacts(content))).toMatch(
      /^EMAIL_API_KEY: .*set `emailProvider: resend` in content\/privacy\.yaml/,
    );
  });
});
