/**
 * The one call the relay makes: Telegram's sendMessage, with the retries a
 * flaky network and Telegram's own limits call for, all inside one deadline.
 * The token is part of the URL, so the URL is never logged or put in an error.
 * https://core.telegram.org/bots/api#sendmessage
 */

export interface TelegramOptions {
  apiBase: string;
  token: string;
  chatId: string;
  /** The whole send, every retry included, ends after this many ms. */
  deadlineMs?: number;
  /** One attempt without an answer is abandoned after this many ms. */
  attemptTimeoutMs?: number;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type SendResult = { ok: true } | { ok: false; reason: string };

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends each text as its own message, in order; stops at the first that fails. */
export async function sendMessages(texts: string[], options: TelegramOptions): Promise<SendResult> {
  const deadline = Date.now() + (options.deadlineMs ?? 10_000);
  for (const [i, text] of texts.entries()) {
    const result = await sendOne(text, deadline, options);
    if (!result.ok) return { ok: false, reason: texts.length > 1 ? `part ${i + 1}/${texts.length}: ${result.reason}` : result.reason };
  }
  return { ok: true };
}

async function sendOne(text: string, deadline: number, options: TelegramOptions): Promise<SendResult> {
  const { apiBase, token, chatId, attemptTimeoutMs = 4_000, log = console.error, fetch: fetchFn = fetch, sleep = sleepFor } = options;
  const url = `${apiBase.replace(/\/$/, "")}/bot${token}/sendMessage`;
  const body = JSON.stringify({ chat_id: chatId, text, parse_mode: "Markdown" });
  let backoff = 500;
  let reason = "no attempt made";
  for (let attempt = 1; ; attempt++) {
    const left = deadline - Date.now();
    if (left <= 0) return { ok: false, reason: `gave up at the deadline after ${attempt - 1} attempt(s); last: ${reason}` };
    let retryIn: number;
    try {
      const response = await fetchFn(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        signal: AbortSignal.timeout(Math.min(attemptTimeoutMs, left)),
      });
      const answer = await readAnswer(response);
      if (response.ok && answer.ok === true) return { ok: true };
      reason = `${response.status} ${answer.description ?? "(no description)"}`;
      log(`Telegram sendMessage failed (attempt ${attempt}): ${reason}`);
      if (response.status === 429) retryIn = (answer.parameters?.retry_after ?? 1) * 1000;
      else if (response.status >= 500) retryIn = backoff;
      // Any other refusal (a bad token, an unknown chat, unparsable text) will not change on a retry.
      else return { ok: false, reason };
    } catch (error) {
      // Only the error's kind: a fetch error's message or cause could carry the URL.
      const kind = error instanceof Error ? (error.name === "TimeoutError" ? "no answer in time" : `${error.name}${causeCode(error)}`) : "unknown error";
      reason = `network: ${kind}`;
      log(`Telegram sendMessage failed (attempt ${attempt}): ${reason}`);
      retryIn = backoff;
    }
    if (Date.now() + retryIn >= deadline) return { ok: false, reason: `no time left to retry; last: ${reason}` };
    await sleep(retryIn);
    backoff = Math.min(backoff * 2, 4_000);
  }
}

interface Answer {
  ok?: unknown;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Telegram answers JSON, but a proxy in front of it may answer a 5xx with an HTML page. */
async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object") {
      const a = parsed as Record<string, unknown>;
      const retryAfter = (a.parameters as Record<string, unknown> | undefined)?.retry_after;
      return {
        ok: a.ok,
        description: typeof a.description === "string" ? a.description : undefined,
        parameters: typeof retryAfter === "number" && retryAfter >= 0 ? { retry_after: retryAfter } : undefined,
      };
    }
  } catch {
    // fall through: not JSON
  }
  return { description: `non-JSON answer (${response.headers.get("content-type") ?? "no content type"})` };
}

function causeCode(error: Error): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? ` ${code}` : "";
}
