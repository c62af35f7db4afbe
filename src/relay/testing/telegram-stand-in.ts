/**
 * A stand-in for the Telegram Bot API on 127.0.0.1, for tests. Like the real
 * one it checks the token in the path and the chat id, parses legacy Markdown
 * (an unclosed _ * ` or [ is a 400), refuses text over 4096 characters after
 * parsing, and on demand answers 429 with retry_after, a 5xx page, or nothing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseLegacyMarkdown } from "../markdown.ts";

export type Behaviour =
  /** delayMs: before accepting the message; answerDelayMs: after accepting it, before answering (a crash then leaves it delivered but unrecorded). */
  | { kind: "ok"; delayMs?: number; answerDelayMs?: number }
  | { kind: "tooMany"; retryAfter: number }
  /** A proxy's 502 page. */
  | { kind: "serverError" }
  /** Telegram itself down: 503 with its JSON. */
  | { kind: "down" }
  | { kind: "hang" }
  | { kind: "refuse"; description: string };

export interface Received {
  chatId: unknown;
  parseMode: unknown;
  /** The Markdown as sent. */
  text: string;
  /** What the owner sees: the text after parsing. */
  shown: string;
  linkPreviewDisabled: boolean;
}

export interface StandIn {
  /** The value for TELEGRAM_API_BASE. */
  apiBase: string;
  token: string;
  chatId: string;
  /** Messages it accepted, in order. */
  delivered: Received[];
  /** Answers the n-th sendMessage call from now (1 = the next) this way, once. */
  failCall(n: number, behaviour: Behaviour): void;
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
  const atCall = new Map<number, Behaviour>();
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

      const planned = atCall.get(state.attempts);
      atCall.delete(state.attempts);
      const behaviour = planned ?? queue.shift() ?? fallback;
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
      if (behaviour.kind === "down") return refuse(503, "Service Unavailable");

      let body: { chat_id?: unknown; text?: unknown; parse_mode?: unknown; link_preview_options?: { is_disabled?: unknown } };
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
      state.delivered.push({ chatId: body.chat_id, parseMode: body.parse_mode, text: body.text, shown, linkPreviewDisabled: body.link_preview_options?.is_disabled === true });
      if (behaviour.kind === "ok" && behaviour.answerDelayMs) await new Promise((r) => setTimeout(r, behaviour.answerDelayMs));
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
    failCall: (n, behaviour) => void atCall.set(state.attempts + n, behaviour),
    always: (behaviour) => void (fallback = behaviour),
    reset() {
      queue = [];
      atCall.clear();
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
