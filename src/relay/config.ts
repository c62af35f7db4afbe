/**
 * The relay's settings, from the environment, checked once at start-up. Each
 * problem is reported by variable name with what is wrong, all at once.
 */
import * as z from "zod/mini";
import type { TelegramOptions } from "./telegram/client.ts";
import { LEADS_RETENTION_DAYS, readWholeNumber } from "../shared/settings.ts";
import { originOf } from "../shared/origin.ts";
import { hoursLineProblem } from "../shared/hours.ts";

/**
 * One setting: unset or a string, read by `read`, which returns the value or
 * `fail(message)` for each problem (the value is then z.NEVER). zod/mini, not
 * zod: the Worker bundles this, and the mini build keeps only what is used
 * (decision 0062). Every message is the relay's own, so no locale is needed.
 */
export function setting<T>(read: (given: string | undefined, fail: (message: string) => never) => T) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((given: string | undefined, ctx) =>
      read(given, (message) => {
        ctx.issues.push({ code: "custom", message, input: given });
        return z.NEVER;
      }),
    ),
  );
}

export const emptyAsMissing = (s: string | undefined) =>
  s === undefined || s.trim() === "" ? undefined : s.trim();

/**
 * A whole number setting from `min` to `max`, `fallback` when unset; `what` words the expectation when it is
 * not.
 */
export const wholeNumber = (fallback: number, min: number, max: number, what?: string) =>
  setting((given, fail) => {
    const n = readWholeNumber(given, { fallback, min, max, what });
    return typeof n === "number" ? n : fail(n.problem);
  });
export const positiveInt = (fallback: number, max: number) => wholeNumber(fallback, 1, max);

/** One of `choices`, in any case; `fallback` when unset. */
export const oneOf = <const C extends string>(choices: readonly C[], fallback: C, message: string) =>
  setting((given, fail) => {
    const s = emptyAsMissing(given)?.toLowerCase() ?? fallback;
    return choices.includes(s as C) ? (s as C) : fail(message);
  });

/** A text setting, undefined when unset or blank. */
const text = setting((given) => emptyAsMissing(given));

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));
/**
 * Opening hours as content/site.yaml writes them, without the labels: BUSINESS_HOURS, and the hours among the
 * Worker's site facts (worker/site-vars.ts).
 */
export const HoursLines = z.array(
  z.object({
    days: z.array(z.enum(DAYS)).check(z.minLength(1)),
    opens: z.optional(clock),
    closes: z.optional(clock),
  }),
);
/** Opening hours as JSON, over the site's (content/site.yaml's) on either host. */
const businessHours = setting((given, fail) => {
  if (given === undefined || given.trim() === "") return undefined;
  const lines = HoursLines.safeParse(
    (() => {
      try {
        return JSON.parse(given) as unknown;
      } catch {
        return undefined;
      }
    })(),
  );
  if (!lines.success)
    return fail(
      'expected content/site.yaml\'s hours as JSON, e.g. [{"days":["Monday"],"opens":"08:00","closes":"18:00"}]',
    );
  const problems = lines.data.flatMap((line, i) => {
    const problem = hoursLineProblem(line);
    return problem ? [`line ${i + 1}'s ${problem.field} ${problem.message}`] : [];
  });
  return problems.length ? fail(problems.join("; ")) : lines.data;
});

/** Where the owner learns the chat id (docs/relay.md, "Finding the chat id"). */
const FIND_CHAT_ID =
  "call the Bot API's getUpdates after posting in the chat, or see docs/relay.md (Finding the chat id)";

/**
 * The address of an API the relay calls with a secret (Telegram's bot token in the path, the email
 * provider's key in a header), `fallback` when unset: https, so only a loopback stand-in may see the
 * secret unencrypted; and no user name or password, which would be sent with every request and
 * printed wherever the address is (the message never repeats them).
 */
export const apiAddress = (fallback: string) =>
  setting((given, fail) => {
    const s = emptyAsMissing(given) ?? fallback;
    const url = URL.parse(s);
    if (!url || !/^https?:$/.test(url.protocol)) return fail(`expected an https URL such as ${fallback}`);
    const problems: string[] = [];
    if (url.protocol !== "https:" && !isLoopback(url.hostname))
      problems.push(
        "must be https: (plain http only for a loopback address such as 127.0.0.1, for a local stand-in)",
      );
    if (url.username !== "" || url.password !== "")
      problems.push(
        `must not carry a user name or password (user:password@host): give the address only, such as ${fallback}`,
      );
    for (const problem of problems) fail(problem);
    return problems.length ? z.NEVER : s;
  });

export const RelayEnv = z
  .object({
    // Never echo the value: a wrong token is still a secret.
    TELEGRAM_BOT_TOKEN: setting((given, fail) => {
      const t = emptyAsMissing(given);
      return t === undefined || /^\d+:[\w-]{20,}$/.test(t)
        ? t
        : fail("does not look like a bot token (digits, a colon, then the secret), as @BotFather gives it");
    }),
    TELEGRAM_CHAT_ID: setting((given, fail) => {
      const c = emptyAsMissing(given);
      // A button press names its chat by number only (owner/presses.ts compares the two), so a @channelname,
      // which sendMessage would take, would leave every press of the owner's ignored.
      if (c?.startsWith("@"))
        return fail(
          `is a @name; the relay needs the chat's numeric id (for example -1001234567890), since the owner's button presses name the chat by number: ${FIND_CHAT_ID}`,
        );
      return c === undefined || /^-?\d+$/.test(c)
        ? c
        : fail(`expected the chat's numeric id, for example -1001234567890: ${FIND_CHAT_ID}`);
    }),
    // The bot token travels in the URL's path.
    TELEGRAM_API_BASE: apiAddress("https://api.telegram.org"),
    RATE_LIMIT_PER_MINUTE: positiveInt(5, 10_000),
    /** Comma-separated origins allowed to post from other sites, e.g. https://www.example.com.au. */
    ALLOWED_ORIGINS: setting((given, fail) => {
      const origins: string[] = [];
      for (const item of (given ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)) {
        const origin = originOf(item);
        if (origin) origins.push(origin);
        else
          fail(
            `${JSON.stringify(item)} is not an origin such as https://www.example.com.au (scheme and host, no path)`,
          );
      }
      return origins;
    }),
    /**
     * The address this relay is reached at (e.g. https://www.example.com.au for the Node server that
     * serves the site, or the Worker's route). Set, a form post or a call tap counts as this site's
     * only when its Origin is this one (or in ALLOWED_ORIGINS), not whenever it names the Host the
     * request was sent to: a page on another name that resolves to the relay (DNS rebinding) is
     * refused. Unset: the Host comparison, as before.
     */
    RELAY_ORIGIN: setting((given, fail) => {
      const s = emptyAsMissing(given);
      if (s === undefined) return undefined;
      return (
        originOf(s) ??
        fail(
          `${JSON.stringify(s)} is not an origin such as https://www.example.com.au (scheme and host, no path)`,
        )
      );
    }),
    /**
     * The business phone for the contact form's failure text on the page a script-less post gets, over the
     * site's (site.ts).
     */
    SITE_PHONE: text,
    /** "off" turns the spam check off: every valid post is a lead. */
    SPAM_CHECKS: oneOf(["on", "off"], "on", 'expected "on" or "off"'),
    /**
     * The key that signs the forms' proof tokens; without it the relay makes one and keeps it in the lead
     * store.
     */
    SPAM_KEY: setting((given, fail) => {
      const k = emptyAsMissing(given);
      return k === undefined || k.length >= 32
        ? k
        : fail("is too short: use at least 32 random characters (for example: openssl rand -hex 32)");
    }),
    /**
     * Minutes after its notice before a lead nobody has pressed a stage for is reminded (in business hours);
     * 0: never.
     */
    LEAD_REMINDER_MINUTES: wholeNumber(30, 0, 24 * 60),
    /**
     * Business days after Quoted before a lead not yet Booked or Lost gets its one follow-up reminder; 0:
     * never.
     */
    LEAD_FOLLOW_UP_DAYS: wholeNumber(3, 0, 30),
    /**
     * Business days a lead still waiting after its reminder goes before a second one, and as many again
     * before the offer to close it as Lost (No answer); 0: never.
     */
    LEAD_STALE_DAYS: wholeNumber(2, 0, 30),
    /**
     * New leads a minute above which the owner gets one summary instead of a notice each
     * (leads/flood.ts); 0: a notice each, always.
     */
    FLOOD_LEADS_PER_MINUTE: wholeNumber(10, 0, 1_000),
    /**
     * "off": send without pacing to Telegram's limits per chat (a bot whose limits Telegram raised, or
     * a test against a stand-in that allows bursts); "on": one message a second to a chat, one every 3
     * s to a group (leads/flood.ts).
     */
    TELEGRAM_PACE: oneOf(["on", "off"], "on", 'expected "on" or "off"'),
    BUSINESS_HOURS: businessHours,
    /** How many proxies stand in front of the relay, whose X-Forwarded-For entries are trusted. */
    TRUST_PROXY: wholeNumber(0, 0, 10, "the number of proxies in front of the relay, 0 to 10"),
    /** Days after which what a visitor typed is erased from delivered (and spam) leads. */
    LEADS_RETENTION_DAYS: wholeNumber(
      LEADS_RETENTION_DAYS.fallback,
      LEADS_RETENTION_DAYS.min,
      LEADS_RETENTION_DAYS.max,
    ),
  })
  .check(
    z.superRefine((env, ctx) => {
      if ((env.TELEGRAM_BOT_TOKEN === undefined) !== (env.TELEGRAM_CHAT_ID === undefined)) {
        const missing = env.TELEGRAM_BOT_TOKEN === undefined ? "TELEGRAM_BOT_TOKEN" : "TELEGRAM_CHAT_ID";
        ctx.addIssue({
          code: "custom",
          path: [missing],
          message:
            "is missing: set both TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, or neither to only store leads",
        });
      }
    }),
  );

/** The relay on Cloudflare Workers: its settings are the relay's own. */
export const WorkerEnv = RelayEnv;

export type RelayConfig = z.output<typeof RelayEnv>;
export type WorkerConfig = z.output<typeof WorkerEnv>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The relay's settings have ${problems.length === 1 ? "a problem" : `${problems.length} problems`}:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** `env` read by `schema`, or a ConfigError naming every problem by its variable. */
export function parse<T extends z.ZodMiniType>(
  schema: T,
  env: Record<string, string | undefined>,
): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`));
}

export const relayConfig = (env: Record<string, string | undefined>): RelayConfig => parse(RelayEnv, env);
export const workerConfig = (env: Record<string, string | undefined>): WorkerConfig => parse(WorkerEnv, env);

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Where Telegram is, fit to print: the origin only, never a user or password a URL might carry. */
export const printableApiBase = (c: RelayConfig) => new URL(c.TELEGRAM_API_BASE).origin;

export const telegramConfigured = (
  c: RelayConfig,
): c is RelayConfig & { TELEGRAM_BOT_TOKEN: string; TELEGRAM_CHAT_ID: string } =>
  c.TELEGRAM_BOT_TOKEN !== undefined && c.TELEGRAM_CHAT_ID !== undefined;

/**
 * Where and as whom the relay sends, or undefined when the token or chat id is missing: leads are then
 * stored, not sent.
 */
export const telegramOptions = (c: RelayConfig): TelegramOptions | undefined =>
  telegramConfigured(c)
    ? { apiBase: c.TELEGRAM_API_BASE, token: c.TELEGRAM_BOT_TOKEN, chatId: c.TELEGRAM_CHAT_ID }
    : undefined;
