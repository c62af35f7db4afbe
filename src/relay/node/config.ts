/**
 * The Node relay's settings: the relay's own (config.ts) and what only Node reads: where it listens,
 * its SQLite file, and how the owner's presses arrive. Apart from config.ts so that the Worker, which
 * bundles config.ts, carries none of it.
 */
import * as z from "zod/mini";
import { emptyAsMissing, oneOf, parse, positiveInt, RelayEnv, setting } from "../config.ts";

/** Where the Node relay keeps its lead store unless LEADS_DB says otherwise. */
export const DEFAULT_LEADS_DB = ".data/leads.sqlite";

export const ServerEnv = z
  .intersection(
    RelayEnv,
    z.object({
      PORT: positiveInt(4321, 65_535),
      HOST: setting((given) => emptyAsMissing(given) ?? "localhost"),
      /** The lead store's SQLite file. */
      LEADS_DB: setting((given) => emptyAsMissing(given) ?? DEFAULT_LEADS_DB),
      /** "1": store leads without sending them, on purpose (allowed in production). */
      LEADS_STORE_ONLY: setting((given) => emptyAsMissing(given) === "1"),
      /**
       * How the owner's button presses reach a Node relay: "polling" (getUpdates; works without a public
       * address), "webhook" (Telegram posts to /api/telegram; set it with npm run telegram -- webhook URL),
       * or "off".
       */
      TELEGRAM_UPDATES: oneOf(
        ["polling", "webhook", "off"],
        "polling",
        'expected "polling", "webhook" or "off"',
      ),
      NODE_ENV: z.optional(z.string()),
    }),
  )
  .check(
    z.superRefine((env, ctx) => {
      if (
        env.NODE_ENV === "production" &&
        env.TELEGRAM_BOT_TOKEN === undefined &&
        env.TELEGRAM_CHAT_ID === undefined &&
        !env.LEADS_STORE_ONLY
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["TELEGRAM_BOT_TOKEN"],
          message:
            "and TELEGRAM_CHAT_ID are not set, so in production (NODE_ENV=production) no lead would reach the owner. Set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, or LEADS_STORE_ONLY=1 if storing leads without sending them is meant.",
        });
      }
    }),
  );

export type ServerConfig = z.output<typeof ServerEnv>;
export const serverConfig = (env: Record<string, string | undefined>): ServerConfig => parse(ServerEnv, env);
