/**
 * POST /api/telegram: Telegram's webhook for the owner's button presses
 * (telegram/updates.ts handles each). Only a post carrying the secret set with
 * setWebhook is read.
 */
import { sameSecret } from "../telegram/updates.ts";
import { json } from "./answers.ts";
import { readBody } from "./body.ts";
import type { RelayOptions } from "./context.ts";

export async function webhook(
  request: Request,
  updates: NonNullable<RelayOptions["updates"]>,
  log: (message: string) => void,
): Promise<Response> {
  if (request.method !== "POST")
    return json(405, { ok: false, error: "use POST" }, new Headers({ Allow: "POST" }));
  if (!sameSecret(request.headers.get("X-Telegram-Bot-Api-Secret-Token") ?? "", updates.secret))
    return json(401, { ok: false, error: "not Telegram" });
  const raw = await readBody(request);
  let update: unknown;
  try {
    update = JSON.parse(raw ?? "");
  } catch {
    return json(400, { ok: false, error: "the body is not a Telegram update" });
  }
  try {
    await updates.handle(update);
  } catch (error) {
    // Telegram sends an update again until it is answered 2xx; the update id keeps it from counting twice.
    log(
      `relay: a Telegram update could not be handled, Telegram will send it again: ${(error as Error).message}`,
    );
    return json(500, { ok: false, error: "try again" });
  }
  return json(200, { ok: true });
}
