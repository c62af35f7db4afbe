/**
 * Posts a confused visitor or an attacker makes (issue 49), through the Node relay in this process
 * and the Telegram stand-in (relay-stack.ts), with the owner's price table: a quote's details held
 * to what the form offers the chosen service (each add-on one whole number within the form's most,
 * refused with 400 naming the field; a script-less post gets its page back with what was typed),
 * and a phone written with invisible characters read as the number it shows.
 */
import { describe, expect, it } from "vitest";
import type { PriceTable } from "../../shared/pricing/table.ts";
import { readResultPage } from "../../testing/result-page.ts";
import { TEST_PRICES } from "../testing/price-table.ts";
import { relayPerFile, TEST_PHONE } from "../testing/relay-stack.ts";

/** The test table with spring cleaning priced too, offering an oven and inside windows, and no garage. */
const PRICES: PriceTable = {
  ...TEST_PRICES,
  services: [
    ...TEST_PRICES.services,
    {
      service: "spring-cleaning",
      byPropertyType: { apartment: 260, townhouse: 320, house: 380 },
      addOns: [
        { id: "oven", label: "Oven clean", unit: "oven", price: 60, max: 2 },
        { id: "inside-windows", label: "Inside windows", unit: "window", price: 8, max: 30 },
      ],
      callUsAbove: {},
      minimum: 200,
      assumptions: [],
    },
  ],
};

const stack = relayPerFile({ site: { phone: TEST_PHONE, prices: PRICES } });

const quote = { name: "Mia Chen", email: "mia@example.com", page: "/quote/" };
const postJson = (body: Record<string, unknown>, form = "quote") =>
  fetch(`${stack.relay.url}/api/${form}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, submissionId: crypto.randomUUID() }),
  });

describe("a quote's add-ons, held to what the form offers", () => {
  it.each([
    ["more than the table's most for the service", { service: "bond-cleaning", "addOn.carpet-steam": "99" }],
    ["more than the form's most with no service chosen", { "addOn.oven": "99" }],
    ["two add-ons in one value", { service: "bond-cleaning", "addOn.oven": "1 carpet-steam:5" }],
    ["not a whole number", { service: "bond-cleaning", "addOn.oven": "1.5" }],
    ["one the chosen service does not offer", { service: "spring-cleaning", "addOn.garage": "1" }],
    ["one the site never offers", { service: "bond-cleaning", "addOn.jacuzzi": "1" }],
  ])("refuses %s with 400 naming the field, and keeps nothing", async (_what, details) => {
    const before = stack.tg.attempts;
    const res = await postJson({ ...quote, ...details });
    expect(res.status).toBe(400);
    const named = Object.keys(details).filter((k) => k.startsWith("addOn."));
    expect(await res.json()).toEqual({
      ok: false,
      error: "some fields are missing or invalid",
      fields: named,
    });
    await stack.relay.drained();
    expect(stack.tg.attempts).toBe(before);
  });

  it("takes what the form offers: the service's own add-ons up to their most, and nothing chosen as 0 or empty", async () => {
    const res = await postJson({
      ...quote,
      name: "Ada Offered",
      service: "bond-cleaning",
      propertyType: "house",
      bedrooms: "3",
      bathrooms: "2",
      storeys: "2",
      "addOn.carpet-steam": "6",
      "addOn.oven": 2,
      "addOn.garage": "0",
      "addOn.walls": "",
    });
    expect(res.status).toBe(200);
    await stack.relay.drained();
    const notice = stack.tg.delivered.find((d) => d.shown.includes("Ada Offered"))!.shown;
    expect(notice).toContain("add-ons: carpet ×6, oven ×2\n");
    // 490 + 40 + 60 + 6 × 45 + 2 × 60 = 980: worked out from the counts as posted, none of them capped.
    expect(notice).toContain("Estimate: estimate $980 incl. GST, prices reviewed 1 Dec 2026");
  });

  it("gives a form posted without script its page back, holding what was typed", async () => {
    const res = await fetch(`${stack.relay.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...quote,
        service: "bond-cleaning",
        "addOn.carpet-steam": "99",
      }).toString(),
    });
    expect(res.status).toBe(400);
    const page = readResultPage(await res.text());
    expect(page.role).toBe("alert");
    expect(page.form?.values).toMatchObject({
      name: "Mia Chen",
      email: "mia@example.com",
      "addOn.carpet-steam": "99",
    });
  });
});

describe("a phone written with invisible characters", () => {
  it("is read as the number it shows: in +61 form, with its Copy button", async () => {
    const res = await postJson(
      { name: "Zed Width", email: "zed@example.com", phone: "+61\u200B412\u2060345\uFEFF678", message: "Hi" },
      "contact",
    );
    expect(res.status).toBe(200);
    await stack.relay.drained();
    const notice = stack.tg.delivered.find((d) => d.shown.includes("Zed Width"))!;
    expect(notice.shown).toMatch(/^New Contact Form Submission: Zed Width, \+61 412 345 678\n/);
    expect(notice.shown).toContain("Phone: +61 412 345 678\n");
    expect(notice.replyMarkup!.inline_keyboard[0][0]).toEqual({
      text: "Copy +61 412 345 678",
      copy_text: { text: "+61412345678" },
    });
  });
});
