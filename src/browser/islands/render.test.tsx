/** Each island rendered on the server: what a visitor gets before (or without) JavaScript. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadContent } from "../../build/content/load.ts";
import { headerSuburbs } from "../../content/routes.ts";
import Faq from "./Faq.tsx";
import MobileMenu from "./MobileMenu.tsx";
import NavMenu from "./NavMenu.tsx";
import { navMenuLists } from "../../templates/NavLists.tsx";
import { slotHtml } from "../../templates/Island.tsx";
import { decodeEntities } from "../../testing/html.ts";
import { contentLists } from "../../testing/content-lists.ts";

const content = loadContent("content");

describe("NavMenu on the server", () => {
  const lists = navMenuLists({ services: content.services, suburbs: headerSuburbs(content) });
  const html = renderToString(<NavMenu slots={[slotHtml(lists.services), slotHtml(lists.suburbs)]} />);

  it("lists every service page and every header suburb, so the links work without script", () => {
    for (const s of content.services) expect(html).toContain(`href="/services/${s.slug}/"`);
    for (const s of headerSuburbs(content)) expect(html).toContain(`href="/suburbs/${s.slug}/"`);
    expect(html).toContain('href="/#services"');
  });

  it("has disclosure buttons that control the lists, which open by CSS hover and focus until hydrated", () => {
    for (const id of ["nav-services-list", "nav-suburbs-list"]) {
      expect(html).toMatch(new RegExp(`<button type="button"[^>]*aria-controls="${id}"`));
      expect(html).toContain(`id="${id}"`);
    }
    expect(html.match(/group-hover:visible group-focus-within:visible/g)).toHaveLength(2);
    // aria-expanded appears only once the island can honour it.
    expect(html).not.toContain("aria-expanded");
  });
});

describe("MobileMenu on the server", () => {
  const html = renderToString(<MobileMenu phone={content.site.phone} />);

  it("is a named toggle for a popover panel, which opens without script", () => {
    expect(html).toMatch(
      /<button type="button" popoverTarget="mobile-menu" aria-controls="mobile-menu" aria-label="Menu"/,
    );
    expect(html).toMatch(/<nav id="mobile-menu" popover="auto" aria-label="Mobile"/);
  });

  it("adds Testimonials to the header's links and has the tap-to-call phone", () => {
    const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual(
      expect.arrayContaining([
        ["/#home", "Home"],
        ["/#services", "Services"],
        ["/#suburbs", "List of Suburbs"],
        ["/#about", "About Us"],
        ["/#testimonials", "Testimonials"],
        ["/contact-us/", "Contact Us"],
      ]),
    );
    expect(html).toContain('href="tel:+61491570156"');
  });
});

describe("Faq on the server", () => {
  const html = renderToString(
    <Faq slots={content.faq.flatMap((f) => [slotHtml(f.question), slotHtml(f.answer)])} />,
  );

  // As many as faq.yaml lists.
  const questions = contentLists().questions.length;

  it("has each question of faq.yaml as heading > button, each controlling a region labelled by it, all closed", () => {
    expect(content.faq).toHaveLength(questions);
    const buttons = [
      ...html.matchAll(
        /<h3[^>]*><button type="button" id="(faq-q-\d+)" aria-expanded="false" aria-controls="(faq-a-\d+)"/g,
      ),
    ];
    expect(buttons).toHaveLength(questions);
    for (const [, q, a] of buttons)
      expect(html).toMatch(new RegExp(`<section id="${a}" aria-labelledby="${q}"`));
  });

  it("carries every question in its button and every answer, hidden by a class that the no-script media query overrides", () => {
    for (const item of content.faq) expect(decodeEntities(html)).toContain(item.answer);
    const labels = [
      ...decodeEntities(html).matchAll(
        /<button type="button" id="faq-q-\d+"[^>]*><span data-slot="" class="contents">([^<]*)<\/span>/g,
      ),
    ].map((m) => m[1]);
    expect(labels).toEqual(content.faq.map((f) => f.question));
    expect(html.match(/class="[^"]*\bhidden noscript:block"/g)).toHaveLength(questions);
    expect(html).not.toMatch(/\shidden=""/);
  });
});
