import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTelegramStandIn, type StandIn } from "./testing/telegram-stand-in.ts";
import worker from "./worker.ts";

let tg: StandIn;
beforeAll(async () => {
  tg = await startTelegramStandIn();
});
afterAll(() => tg.close());

const quote = () =>
  new Request("https://relay.example/api/quote", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://www.example.com", "CF-Connecting-IP": "203.0.113.9" },
    body: JSON.stringify({ name: "Ann", email: "ann@example.com" }),
  });

describe("the fetch(request, env) entry for Workers", () => {
  it("sends to Telegram with the settings from env", async () => {
    const env = { TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_CHAT_ID: tg.chatId, TELEGRAM_API_BASE: tg.apiBase, ALLOWED_ORIGINS: "https://www.example.com", SITE_PHONE: "0491 570 156" };
    const res = await worker.fetch(quote(), env);
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("https://www.example.com");
    expect(tg.delivered[0].shown).toContain("Name: Ann\n");
  });

  it("answers 503 and logs what is missing when it has no Telegram settings", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await worker.fetch(quote(), { ALLOWED_ORIGINS: "https://www.example.com" });
    expect(res.status).toBe(503);
    expect(String(error.mock.calls[0][0])).toContain("TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are not set");
    error.mockRestore();
  });
});
