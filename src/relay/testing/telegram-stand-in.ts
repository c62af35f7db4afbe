/**
 * A stand-in for the Telegram Bot API on 127.0.0.1, for tests. Like the real
 * one it checks the token in the path and the chat id, parses legacy Markdown
 * (an unclosed _ * ` or [ is a 400), refuses text over 4096 characters after
 * parsing, and on demand answers 429 with retry_after, a 5xx page, or nothing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type Behaviour = { kind: "ok"; delayMs?: number } | { kind: "tooMany"; retryAfter: number } | { kind: "serverError" } | { kind: "hang" } | { kind: "refuse"; description: string };

export interface Received {
  chatId: unknown;
  parseMode: unknown;
  /** The Markdown as sent. */
  text: string;
  /** What the owner sees: the text after parsing. */
  shown: string;
}

export interface StandIn {
  /** The value for TELEGRAM_API_BASE. */
  apiBase: string;
  token: string;
  chatId: string;
  /** Messages it accepted, in order. */
  delivered: Received[];
  /** Every request that reached sendMessage, answered or not. */
  attempts: number;
  /** Answers the next requests this way, in order, then goes back to normal. */
  next(...behaviours: Behaviour[]): void;
  /** Answers every request this way until changed. */
  always(behaviour: Behaviour): void;
  reset(): void;
  close(): Promise<void>;
}

export const TEST_TOKEN = "123456789:TEST-stand-in-token_abcdefghijklmnop";
export const TEST_CHAT_ID = "-1001234567890";

export async function startTelegramStandIn({ token = TEST_TOKEN, chatId = TEST_CHAT_ID } = {}): Promise<StandIn> {
  let queue: Behaviour[] = [];
  let fallback: Behaviour = { kind: "ok" };
  const state = { delivered: [] as Received[], attempts: 0 };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer());
    const answer = async () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const refuse = (status: number, description: string) => reply(status, { ok: false, error_code: status, description });

      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? "");
      if (req.method !== "POST" || !match) return refuse(404, "Not Found");
      if (decodeURIComponent(match[1]) !== token) return refuse(401, "Unauthorized");
      state.attempts++;

      const behaviour = queue.shift() ?? fallback;
      if (behaviour.kind === "ok" && behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
      if (behaviour.kind === "hang") return; // no answer: the relay must give up on its own
      if (behaviour.kind === "serverError") {
        res.writeHead(502, { "Content-Type": "text/html" });
        return res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      }
      if (behaviour.kind === "tooMany") {
        return reply(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${behaviour.retryAfter}`, parameters: { retry_after: behaviour.retryAfter } });
      }
      if (behaviour.kind === "refuse") return refuse(400, behaviour.description);

      let body: { chat_id?: unknown; text?: unknown; parse_mode?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return refuse(400, "Bad Request: invalid JSON");
      }
      if (String(body.chat_id) !== chatId) return refuse(400, "Bad Request: chat not found");
      if (typeof body.text !== "string" || body.text.trim() === "") return refuse(400, "Bad Request: message text is empty");
      let shown = body.text;
      if (body.parse_mode === "Markdown") {
        const parsed = parseLegacyMarkdown(body.text);
        if ("error" in parsed) return refuse(400, `Bad Request: can't parse entities: ${parsed.error}`);
        shown = parsed.text;
      }
      if (shown.length > 4096) return refuse(400, "Bad Request: message is too long");
      state.delivered.push({ chatId: body.chat_id, parseMode: body.parse_mode, text: body.text, shown });
      reply(200, { ok: true, result: { message_id: state.delivered.length, chat: { id: Number(chatId) }, text: shown } });
    };
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    token,
    chatId,
    get delivered() {
      return state.delivered;
    },
    get attempts() {
      return state.attempts;
    },
    next: (...behaviours) => void queue.push(...behaviours),
    always: (behaviour) => void (fallback = behaviour),
    reset() {
      queue = [];
      fallback = { kind: "ok" };
      state.delivered = [];
      state.attempts = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Telegram's legacy Markdown parser (tdlib's parse_markdown): outside an
 * entity a backslash escapes only _ * ` [; inside one nothing is escaped; an
 * entity that never closes is an error naming its byte offset.
 */
export function parseLegacyMarkdown(input: string): { text: string } | { error: string } {
  const bytes = Buffer.from(input, "utf8");
  let out = "";
  let i = 0;
  const isSpecial = (b: number | undefined) => b === 0x5f || b === 0x2a || b === 0x60 || b === 0x5b;
  const take = (from: number, to: number) => bytes.subarray(from, to).toString("utf8");
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
    while (i < bytes.length && (bytes[i] !== end || (pre && !(bytes[i + 1] === 0x60 && bytes[i + 2] === 0x60)))) i++;
    if (i >= bytes.length) return { error: `Can't find end of the entity starting at byte offset ${begin}` };
    out += take(start, i);
    if (c === 0x5b && bytes[i + 1] === 0x28) {
      i += 2;
      while (i < bytes.length && bytes[i] !== 0x29) i++;
    }
    i += pre ? 3 : 1;
  }
  return { text: out };
}
