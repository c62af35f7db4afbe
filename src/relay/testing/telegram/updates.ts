/**
 * The stand-in's updates, as the server's TQueue holds them: setWebhook and
 * getWebhookInfo, getUpdates with its long poll, offsets and 409s, and each
 * new update queued, then posted to the webhook or handed to the waiting poll.
 */
import type { ServerResponse } from "node:http";
import type { Update } from "./api.ts";
import {
  CALLBACK_UPDATE_KEPT_MS,
  DEFAULT_NOT_ALLOWED,
  DESCRIPTIONS,
  fail,
  FUTURE_SLACK,
  integerArg,
  ipProblem,
  LONG_POLL_MAX_TIMEOUT_S,
  LONG_POLL_WAIT_AFTER_MS,
  ok,
  parseWebhookUrl,
  tooMany,
  type Core,
  type LongPoll,
  type Reply,
} from "./core.ts";

/** Client.cpp, fail_query_conflict: a 409 within c.conflictDelayMs of the last one waits that long. */
export function conflict(c: Core, description: string): Promise<Reply | undefined> {
  const now = Date.now();
  if (now >= c.state.nextConflictAt) {
    c.state.nextConflictAt = now + c.conflictDelayMs;
    return Promise.resolve(fail(409, description));
  }
  return new Promise((resolve) => c.after(c.conflictDelayMs, () => resolve(fail(409, description))));
}

export function setWebhook(
  c: Core,
  url: unknown,
  body: Record<string, unknown>,
): Reply | Promise<Reply | undefined> {
  if (typeof url !== "string") return fail(400, "Bad Request: bad webhook: URL must be a string");
  const now = c.clock();
  // Client.cpp process_set_webhook_query: a setWebhook with a URL at most once a second, checked
  // before anything else (a refused one counts too); deleting is not limited.
  if (url) {
    if (now < c.state.nextSetWebhookAt) return tooMany(1);
    c.state.nextSetWebhookAt = now + c.setWebhookIntervalMs;
  }
  const secret = url && typeof body.secret_token === "string" ? body.secret_token : "";
  const drop = body.drop_pending_updates === true;
  const maxConnections = url ? body.max_connections : undefined;
  // The same URL, secret and connections, nothing to drop: "Webhook is already set" (or deleted).
  if (
    url === (c.state.webhook?.url ?? "") &&
    secret === (c.state.webhook?.secretToken ?? "") &&
    maxConnections === c.state.webhookMaxConnections &&
    !drop
  ) {
    if (c.state.webhook)
      c.state.webhook.allowedUpdates =
        (body.allowed_updates as string[] | undefined) ?? c.state.webhook.allowedUpdates;
    remember(c, body.allowed_updates);
    return ok(true, url ? "Webhook is already set" : "Webhook is already deleted");
  }
  // A new URL ends a waiting getUpdates (abort_long_poll(true)); the old webhook is closed first,
  // so a new one that is then refused leaves none (on_webhook_closed, then do_set_webhook).
  if (url) abortLongPoll(c, DESCRIPTIONS.bySetWebhook);
  const had = c.state.webhook !== undefined;
  c.state.webhook = undefined;
  c.state.webhookMaxConnections = undefined;
  if (drop) c.state.queue = []; // do_set_webhook: clear_tqueue()
  if (!url) return ok(true, had ? "Webhook was deleted" : "Webhook is already deleted");
  const parsed = parseWebhookUrl(url);
  if (!parsed) return fail(400, DESCRIPTIONS.invalidWebhookUrl);
  if (secret.length > 256) return fail(400, DESCRIPTIONS.secretTooLong);
  if (!/^[A-Za-z0-9_-]*$/.test(secret)) return fail(400, DESCRIPTIONS.secretUnallowed); // td::is_base64url_characters
  // WebhookActor.cpp start_up: "if (url_.protocol_ == Https) { if (port != 443 && != 88 && != 80 && !=
  // 8443) … } else … HTTP is forbidden".
  if (!parsed.https) return fail(400, DESCRIPTIONS.httpsOnly);
  if (![443, 88, 80, 8443].includes(parsed.port)) return fail(400, DESCRIPTIONS.badPort);
  const ip = ipProblem(parsed.host);
  if (ip) return fail(400, ip);
  c.state.webhook = {
    url,
    secretToken: secret || undefined,
    allowedUpdates: body.allowed_updates as string[] | undefined,
  };
  remember(c, body.allowed_updates);
  c.state.webhookMaxConnections = maxConnections;
  return ok(true, "Webhook was set");
}

/**
 * Client.cpp, JsonWebhookInfo: url ("" under getUpdates), has_custom_certificate, pending_update_count;
 * max_connections when set; ip_address with a URL ("<unknown>" before one is resolved: here never);
 * allowed_updates when the bot asked for a list. The server leaves them out when the list is its
 * default (DEFAULT_ALLOWED_UPDATE_TYPES); here only an empty list or none is taken for the default.
 */
export function webhookInfo(c: Core): Record<string, unknown> {
  expire(c);
  const url = c.state.webhook?.url ?? "";
  return {
    url,
    has_custom_certificate: false,
    pending_update_count: c.state.queue.length,
    ...(typeof c.state.webhookMaxConnections === "number"
      ? { max_connections: c.state.webhookMaxConnections }
      : {}),
    ...(url ? { ip_address: "<unknown>" } : {}),
    ...(c.state.allowedUpdates ? { allowed_updates: c.state.allowedUpdates } : {}),
  };
}

/** Updates past their time are dropped (TQueue run_gc / do_get, expires_at < now). */
export function expire(c: Core) {
  const now = c.clock();
  c.state.queue = c.state.queue.filter((q) => q.expiresAt >= now);
}
export const head = (c: Core) => c.state.queue[0]?.update.update_id ?? c.state.nextUpdateId;

export function getUpdates(
  c: Core,
  body: Record<string, unknown>,
  res: ServerResponse,
): Promise<Reply | undefined> {
  if (c.state.webhook) return conflict(c, DESCRIPTIONS.webhookActive);
  remember(c, body.allowed_updates);
  // Client.cpp process_get_updates_query: offset as given, limit 1 to 100 (default 100), timeout
  // 0 to LONG_POLL_MAX_TIMEOUT; the same offset again within 3 s waits at least 3 s, and within
  // 0.5 s gets at most one update.
  const offset = integerArg(body.offset, 0);
  let limit = integerArg(body.limit, 100, 1, 100);
  let timeout = integerArg(body.timeout, 0, 0, LONG_POLL_MAX_TIMEOUT_S);
  const now = Date.now();
  if (offset === c.state.previousOffset && timeout < 3 && now < c.state.previousStart + 3_000) timeout = 3;
  if (offset === c.state.previousOffset && now < c.state.previousStart + 500) limit = 1;
  c.state.previousOffset = offset;
  c.state.previousStart = now;
  return doGetUpdates(c, offset, limit, timeout, res);
}

/** Client.cpp do_get_updates, with TQueue.cpp's get. */
export function doGetUpdates(
  c: Core,
  requested: number,
  limit: number,
  timeout: number,
  res: ServerResponse,
): Promise<Reply | undefined> {
  expire(c);
  let offset = requested;
  // A negative offset keeps the last -offset updates and forgets the rest (tqueue->clear(id, -offset)).
  if (offset < 0) c.state.queue = c.state.queue.slice(Math.max(0, c.state.queue.length + offset));
  if (offset <= 0) offset = head(c);
  // TQueueImpl::get: more than 10 past the next id is "in the future": do_get_updates then reads
  // from the head of the queue, forgetting nothing. Otherwise every update before the offset is
  // forgotten (confirmed), and those from the offset on are answered.
  const from = offset > c.state.nextUpdateId + FUTURE_SLACK ? head(c) : offset;
  c.state.queue = c.state.queue.filter((q) => q.update.update_id >= from);
  const found = c.state.queue.slice(0, limit).map((q) => q.update);
  if (timeout === 0 || found.length) return Promise.resolve(ok(found));
  // A long poll: the one waiting before is told 409 (abort_long_poll(false)); this one waits for
  // an update (answered LONG_POLL_WAIT_AFTER later) or its timeout, then asks again with timeout 0.
  abortLongPoll(c, DESCRIPTIONS.otherGetUpdates);
  return new Promise((resolve) => {
    const poll: LongPoll = {
      offset,
      limit,
      res,
      woken: false,
      timer: c.after(timeout * 1000, () => finishLongPoll(c, poll)),
      finish: resolve,
    };
    c.longPoll = poll;
    for (const resolveIdle of c.idleWaiters.splice(0)) resolveIdle();
    res.once("close", () => {
      if (c.longPoll !== poll) return;
      clearTimeout(poll.timer);
      c.timers.delete(poll.timer);
      c.longPoll = undefined;
      resolve(undefined);
    });
  });
}

export function finishLongPoll(c: Core, poll: LongPoll) {
  if (c.longPoll !== poll) return;
  clearTimeout(poll.timer);
  c.timers.delete(poll.timer);
  c.longPoll = undefined;
  poll.finish(doGetUpdates(c, poll.offset, poll.limit, 0, poll.res));
}

/** Client.cpp long_poll_wakeup: a new update answers a waiting getUpdates LONG_POLL_WAIT_AFTER later. */
export function wakeLongPoll(c: Core) {
  const poll = c.longPoll;
  if (!poll || poll.woken) return;
  poll.woken = true;
  c.after(LONG_POLL_WAIT_AFTER_MS, () => finishLongPoll(c, poll));
}

export function abortLongPoll(c: Core, description: string) {
  const poll = c.longPoll;
  if (!poll) return;
  clearTimeout(poll.timer);
  c.timers.delete(poll.timer);
  c.longPoll = undefined;
  poll.finish(conflict(c, description));
}

export function queue(c: Core, update: Update) {
  if (!c.state.queue.some((q) => q.update.update_id === update.update_id)) {
    c.state.queue.push({ update, expiresAt: c.clock() + CALLBACK_UPDATE_KEPT_MS });
    c.state.queue.sort((a, b) => a.update.update_id - b.update.update_id);
  }
}

/**
 * allowed_updates as a call gave it: kept when given ("If not specified, the previous setting will be
 * used").
 */
export function remember(c: Core, given: unknown) {
  if (Array.isArray(given)) c.state.allowedUpdates = given.length ? given.map(String) : undefined;
}

export const allowed = (c: Core, update: Update) => {
  const kind = Object.keys(update).find((k) => k !== "update_id")!;
  return c.state.allowedUpdates ? c.state.allowedUpdates.includes(kind) : !DEFAULT_NOT_ALLOWED.includes(kind);
};

/**
 * An update into the queue, then to the webhook if one is set, else to a waiting getUpdates; one of a kind
 * not allowed is dropped.
 */
export async function deliver(c: Core, update: Update): Promise<number | undefined> {
  if (!allowed(c, update)) {
    c.state.dropped.push(update);
    return undefined;
  }
  queue(c, update);
  if (!c.state.webhook) {
    wakeLongPoll(c);
    return undefined;
  }
  const hook = c.state.webhook;
  const target = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(hook.url) ? hook.url : `https://${hook.url}`);
  const base = c.state.routes.get(target.origin);
  const failed = (error: string) =>
    void c.state.webhookErrors.push({ updateId: update.update_id, url: hook.url, error });
  if (!base) {
    failed(`no route for ${target.origin}: call route() with the local address that stands for it`);
    return undefined;
  }
  // WebhookActor.cpp send_update: a POST of the update as JSON, with X-Telegram-Bot-Api-Secret-Token when
  // set.
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (hook.secretToken) headers["X-Telegram-Bot-Api-Secret-Token"] = hook.secretToken;
  let res: Response;
  try {
    res = await fetch(`${base}${target.pathname}${target.search}`, {
      method: "POST",
      headers,
      body: JSON.stringify(update),
    });
    await res.arrayBuffer();
  } catch (error) {
    failed(`Can't connect to the webhook: ${(error as Error).message}`); // WebhookActor.cpp create_connection
    return undefined;
  }
  // WebhookActor.cpp handle: 2xx drops the update from the queue (on_update_ok); anything else is
  // "Wrong response from the webhook: <code> <reason>" and the update stays (on_update_error).
  if (res.status >= 200 && res.status <= 299)
    c.state.queue = c.state.queue.filter((q) => q.update.update_id !== update.update_id);
  else failed(`Wrong response from the webhook: ${res.status} ${res.statusText}`);
  return res.status;
}
