/**
 * Telegram's legacy Markdown (parse_mode "Markdown"), written so that visitor
 * text can never break it. A backslash escapes only _ * ` [ and only outside
 * an entity, so visitor values go only outside entities, with those four
 * escaped, and each is followed by a space or newline so that a trailing
 * backslash in a value cannot swallow the template's own markup.
 * https://core.telegram.org/bots/api#markdown-style
 */

import { cutText, isolateDirection } from "../../shared/text.ts";

/** Telegram refuses a message whose text, after parsing, is longer than this. */
export const TELEGRAM_MAX_TEXT = 4096;

/** A piece of a notice: a bold label from the template, a visitor's value, or plain template text. */
export type Piece = { bold: string } | { value: string } | { plain: string };

export const bold = (text: string): Piece => ({ bold: text });
export const value = (text: string): Piece => ({ value: text });
export const plain = (text: string): Piece => ({ plain: text });

/**
 * The longest name a one-line mention keeps (a notice's first line, a reminder, the digest, a reply's
 * confirmation); the notice's Name line has it whole.
 */
export const NAME_IN_LINE_MAX = 64;
/**
 * A visitor's name inside a line of the relay's own words: spaces collapsed, cut to NAME_IN_LINE_MAX,
 * isolated if written right to left (isolateDirection).
 */
export const nameInLine = (name: string): Piece =>
  value(isolateDirection(cutText(name.replace(/\s+/g, " ").trim(), NAME_IN_LINE_MAX)));

export const escapeMarkdown = (text: string) => text.replace(/[_*`[]/g, "\\$&");

const SPECIAL = /[_*`[\\]/;

/** The Markdown to send, and the text Telegram shows after parsing it (what its length limit counts). */
export function render(pieces: Piece[]): { markdown: string; shown: string } {
  let markdown = "";
  let shown = "";
  for (const piece of pieces) {
    if ("value" in piece) {
      markdown += escapeMarkdown(piece.value);
      shown += piece.value;
    } else {
      const text = "bold" in piece ? piece.bold : piece.plain;
      // Template text is ours; a special character in it would be a bug, not visitor input.
      if (SPECIAL.test(text))
        throw new Error(`Markdown template text must not contain _ * \` [ or \\: ${JSON.stringify(text)}`);
      markdown += "bold" in piece ? `*${text}*` : text;
      shown += text;
    }
  }
  return { markdown, shown };
}

/**
 * Cuts text into chunks of at most `later` UTF-16 code units (the first at most
 * `firstSize`), preferring a line break or space near the end of each, never
 * inside a surrogate pair. The chunks joined are the text.
 */
export function chunk(text: string, later: number, firstSize = later): string[] {
  if (Math.min(later, firstSize) < 2) throw new Error("chunk size too small");
  const chunks: string[] = [];
  let rest = text;
  for (let size = firstSize; rest.length > size; size = later) {
    let cut = size;
    const window = rest.slice(Math.floor(size * 0.8), size);
    const newline = window.lastIndexOf("\n");
    const space = window.search(/\s\S*$/);
    if (newline >= 0) cut = Math.floor(size * 0.8) + newline + 1;
    else if (space >= 0) cut = Math.floor(size * 0.8) + space + 1;
    else if (/[\uD800-\uDBFF]/.test(rest[cut - 1])) cut -= 1;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  chunks.push(rest);
  return chunks;
}

/**
 * What Telegram shows for legacy Markdown, as its parser (tdlib's parse_markdown) reads it: outside an
 * entity a backslash escapes only _ * ` [; inside one nothing is escaped; an
 * entity that never closes is an error naming its byte offset.
 */
export function parseLegacyMarkdown(input: string): { text: string } | { error: string } {
  const parsed = parseLegacyMarkdownEntities(input);
  return "error" in parsed ? parsed : { text: parsed.text };
}

/**
 * A formatting entity as the Bot API reports it: offset and length in UTF-16 code units of the shown text.
 */
export interface MarkdownEntity {
  type: "bold" | "italic" | "code" | "pre" | "text_link";
  offset: number;
  length: number;
  url?: string;
}

/**
 * parseLegacyMarkdown, with the entities the text carries: the same `text` (or the same error), and
 * for each *bold*, _italic_, `code`, ```pre``` and [text](url) that is not empty, its place in the
 * shown text. tdlib's parse_markdown adds no entity for an empty span, nor a text_link without a URL
 * (td/telegram/MessageEntity.cpp). Telegram compares these too when it decides whether an edit
 * changes a message.
 */
export function parseLegacyMarkdownEntities(
  input: string,
): { text: string; entities: MarkdownEntity[] } | { error: string } {
  const bytes = new TextEncoder().encode(input);
  const entities: MarkdownEntity[] = [];
  let out = "";
  let i = 0;
  const isSpecial = (b: number | undefined) => b === 0x5f || b === 0x2a || b === 0x60 || b === 0x5b;
  const decoder = new TextDecoder();
  const take = (from: number, to: number) => decoder.decode(bytes.subarray(from, to));
  const TYPES: Record<number, MarkdownEntity["type"]> = {
    0x2a: "bold",
    0x5f: "italic",
    0x60: "code",
    0x5b: "text_link",
  };
  while (i < bytes.length) {
    const c = bytes[i];
    if (c === 0x5c && isSpecial(bytes[i + 1])) {
      out += String.fromCharCode(bytes[i + 1]);
      i += 2;
      continue;
    }
    if (!isSpecial(c)) {
      let j = i + 1;
      while (j < bytes.length && !isSpecial(bytes[j]) && bytes[j] !== 0x5c) j++;
      if (c === 0x5c) j = i + 1;
      out += take(i, j);
      i = j;
      continue;
    }
    const begin = i;
    const end = c === 0x5b ? 0x5d : c;
    let pre = false;
    i++;
    if (c === 0x60 && bytes[i] === 0x60 && bytes[i + 1] === 0x60) {
      pre = true;
      i += 2;
    }
    const start = i;
    while (
      i < bytes.length &&
      (bytes[i] !== end || (pre && !(bytes[i + 1] === 0x60 && bytes[i + 2] === 0x60)))
    )
      i++;
    if (i >= bytes.length) return { error: `Can't find end of the entity starting at byte offset ${begin}` };
    const offset = out.length;
    out += take(start, i);
    const length = out.length - offset;
    let url = "";
    if (c === 0x5b && bytes[i + 1] === 0x28) {
      const urlStart = i + 2;
      i += 2;
      while (i < bytes.length && bytes[i] !== 0x29) i++;
      url = take(urlStart, i);
    }
    i += pre ? 3 : 1;
    if (length === 0) continue;
    if (c === 0x5b) {
      if (url) entities.push({ type: "text_link", offset, length, url });
    } else entities.push({ type: pre ? "pre" : TYPES[c], offset, length });
  }
  return { text: out, entities };
}
