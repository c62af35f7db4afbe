/**
 * TELEGRAM_CHAT_ID as the relay checks it at start-up: the chat's numeric id
 * only. A @channelname would let notices through (sendMessage takes one) but
 * every button press names its chat by number, so each would be ignored.
 * And BUSINESS_HOURS, by the rule site.yaml's hours keep.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, relayConfig, workerConfig } from "./config.ts";
import { serverConfig } from "./node/config.ts";

const TOKEN = "123456789:abcdefghijklmnopqrstuvwxyz";

function problems(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("the settings were accepted");
}

describe("TELEGRAM_CHAT_ID", () => {
  it("takes a numeric id: a supergroup's or channel's -100…, a group's, a private chat's", () => {
    for (const id of ["-1001234567890", "-123456789", "987654321"])
      expect(relayConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: id }).TELEGRAM_CHAT_ID).toBe(id);
  });

  it("refuses a @channelname on every host, saying the numeric id is needed, why, and where to find it", () => {
    for (const parse of [relayConfig, serverConfig, workerConfig]) {
      const message = problems(() =>
        parse({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: "@jacaranda_leads" }),
      );
      expect(message).toContain(
        "TELEGRAM_CHAT_ID: is a @name; the relay needs the chat's numeric id (for example -1001234567890)",
      );
      expect(message).toContain("button presses name the chat by number");
      expect(message).toContain("getUpdates");
      expect(message).toContain("docs/relay.md");
      // One problem, not the @name's and the number's both.
      expect(message.match(/TELEGRAM_CHAT_ID:/g)).toHaveLength(1);
    }
  });

  it("refuses anything else that is not a number, pointing to the same help", () => {
    for (const id of ["x y", "-100abc", "https://t.me/jacaranda"]) {
      const message = problems(() => relayConfig({ TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: id }));
      expect(message, id).toContain(
        "TELEGRAM_CHAT_ID: expected the chat's numeric id, for example -1001234567890",
      );
      expect(message, id).toContain("docs/relay.md");
    }
  });
});

describe("BUSINESS_HOURS", () => {
  it("keeps site.yaml's rule for each line: both times or neither, closing after opening", () => {
    const hours = (lines: unknown) => relayConfig({ BUSINESS_HOURS: JSON.stringify(lines) }).BUSINESS_HOURS;
    expect(hours([{ days: ["Monday"], opens: "08:00", closes: "18:00" }, { days: ["Sunday"] }])).toHaveLength(
      2,
    );
    expect(
      problems(() =>
        hours([
          { days: ["Monday"], opens: "08:00", closes: "18:00" },
          { days: ["Saturday"], opens: "09:00" },
        ]),
      ),
    ).toContain(
      "BUSINESS_HOURS: line 2's closes is missing: give both opens and closes, or neither for days the business is closed",
    );
    expect(problems(() => hours([{ days: ["Monday"], opens: "18:00", closes: "08:00" }]))).toContain(
      'BUSINESS_HOURS: line 1\'s closes expected a time after opens ("18:00"), got "08:00"',
    );
  });
});
