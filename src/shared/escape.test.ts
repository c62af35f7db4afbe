import { describe, expect, it } from "vitest";
import { escapeMarkup, escapeTerminal } from "./escape.ts";

/** Every character a terminal must not be handed raw. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe("escapeTerminal", () => {
  it("shows an ANSI sequence and an OSC 8 link as escapes", () => {
    expect(escapeTerminal("\u001b[2J\u001b[31mRED")).toBe("\\x1b[2J\\x1b[31mRED");
    expect(escapeTerminal("\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007")).toBe(
      "\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07",
    );
  });

  it("shows every C0 control, DEL and every C1 control, and leaves nothing raw", () => {
    const all = Array.from({ length: 0xa0 }, (_, i) => String.fromCharCode(i)).join("");
    const out = escapeTerminal(all);
    expect(out).not.toMatch(UNSAFE);
    expect(out).toContain("\\x00\\x01");
    expect(out).toContain('\\x1f !"#');
    expect(out).toContain("~\\x7f\\x80");
    expect(out).toContain("\\x9b");
    expect(out.endsWith("\\x9f")).toBe(true);
  });

  it("shows the bidirectional controls, which would reorder a line", () => {
    for (const [c, shown] of [
      ["\u061C", "\\u061c"],
      ["\u200E", "\\u200e"],
      ["\u200F", "\\u200f"],
      ["\u202A", "\\u202a"],
      ["\u202E", "\\u202e"],
      ["\u2066", "\\u2066"],
      ["\u2069", "\\u2069"],
    ]) {
      expect(escapeTerminal(`a${c}b`)).toBe(`a${shown}b`);
    }
  });

  it("escapes tab, line breaks and carriage returns on one line; keeps only \\n in a message", () => {
    expect(escapeTerminal("a\tb\nc\rd")).toBe("a\\tb\\nc\\rd");
    expect(escapeTerminal("a\tb\nc\rd\u001b", { keepNewlines: true })).toBe("a\\tb\nc\\rd\\x1b");
  });

  it("leaves ordinary text in any script as it is", () => {
    const text = "Zoë O'Brien, Mia 你好, مرحبا, עברית, 👋🏽, \\x1b typed as text, NBSP\u00A0and ZWJ\u200D";
    expect(escapeTerminal(text)).toBe(text);
    expect(escapeTerminal(text, { keepNewlines: true })).toBe(text);
  });
});

describe("escapeMarkup", () => {
  it("still escapes markup only", () => {
    expect(escapeMarkup(`<a href="x">'&'</a>\u001b`)).toBe(
      "&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;\u001b",
    );
  });
});
