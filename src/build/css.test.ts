/** What the home page's inline CSS is made from: its first screen, as the first paint needs it. */
import { describe, expect, it } from "vitest";
import { aboveTheFold, firstPaintTokens } from "./css.ts";

describe("aboveTheFold", () => {
  it("is the body up to the end of main's first section, without a popover or a menu's list", () => {
    const body =
      '<header><nav id="m" popover="auto" class="fixed"><a class="menu">x</a></nav>' +
      '<ul id="l" data-menu-list="" class="grid-cols-3"><li><a class="menu-suburb">y</a></li></ul>' +
      '<div class="invisible"></div></header><main id="main"><section class="hero"><h1 class="text-4xl">Hi</h1>' +
      '</section><section class="faq">later</section></main>';
    const first = aboveTheFold(body);
    expect(first).toContain('<h1 class="text-4xl">Hi</h1>');
    expect(first).toContain('class="invisible"');
    for (const later of ["popover", "menu-suburb", "grid-cols-3", "faq"]) expect(first).not.toContain(later);
  });

  it("refuses a page whose main has no section to stop at", () => {
    expect(() => aboveTheFold("<main><p>no sections</p></main>")).toThrow(/needs a <section> in its <main>/);
  });
});

describe("firstPaintTokens", () => {
  it("leaves out states the page cannot be in yet and the transitions between them, and keeps every width's look", () => {
    expect(
      firstPaintTokens([
        "flex",
        "sm:flex",
        "lg:grid-cols-2",
        "forced-colors:border",
        "empty:hidden",
        "<input type=email>",
        "hover:bg-brand-50",
        "sm:hover:underline",
        "focus:not-sr-only",
        "group-focus-within:visible",
        "disabled:opacity-75",
        "aria-invalid:border-red-700",
        "transition-colors",
        "motion-safe:animate-spin",
      ]),
    ).toEqual([
      "flex",
      "sm:flex",
      "lg:grid-cols-2",
      "forced-colors:border",
      "empty:hidden",
      "<input type=email>",
    ]);
  });
});
