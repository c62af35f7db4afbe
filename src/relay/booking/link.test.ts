import { describe, expect, it } from "vitest";
import { bookingUrl, linkSigner } from "./link.ts";

const LEAD = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the booking link", () => {
  it("names the lead and the quote it was signed for, and nothing signed otherwise", async () => {
    const signer = await linkSigner("a".repeat(64));
    const token = await signer.token({ leadId: LEAD, seq: 2 });
    expect(token).toMatch(new RegExp(`^${LEAD}\\.2\\.[\\w-]{22}$`));
    expect(await signer.read(token)).toEqual({ leadId: LEAD, seq: 2 });
    expect(bookingUrl("https://www.example.com.au/", token)).toBe(
      `https://www.example.com.au/api/book?q=${token}`,
    );
  });

  it("refuses a link whose lead, quote or MAC was changed, one signed with another key, and odd input", async () => {
    const signer = await linkSigner("a".repeat(64));
    const token = await signer.token({ leadId: LEAD, seq: 2 });
    const [, , mac] = token.split(".");
    const otherLead = "1f8fad5b-d9cb-469f-a165-70867728950e";
    const flipped = mac.slice(0, -1) + (mac.endsWith("A") ? "B" : "A");
    const forged = [
      `${LEAD}.3.${mac}`,
      `${otherLead}.2.${mac}`,
      `${LEAD}.2.${flipped}`,
      `${LEAD}.02.${mac}`,
      `${LEAD.toUpperCase()}.2.${mac}`,
      `${token}.`,
      ` ${token}`,
      await (await linkSigner("b".repeat(64))).token({ leadId: LEAD, seq: 2 }),
      "",
      undefined,
      ["x"],
    ];
    for (const t of forged) expect(await signer.read(t), String(t)).toBeUndefined();
  });

  it("signs only a lead id the relay makes and a quote number from 1", async () => {
    const signer = await linkSigner("a".repeat(64));
    await expect(signer.token({ leadId: "../etc", seq: 1 })).rejects.toThrow();
    await expect(signer.token({ leadId: LEAD, seq: 0 })).rejects.toThrow();
    expect(await signer.token({ leadId: `form-${"ab".repeat(16)}`, seq: 1 })).toMatch(/^form-/);
  });
});
