/**
 * Answering: JSON for a script, a page for a form posted without one
 * (page.ts), refusals included. The page shows what the visitor typed and
 * links back only to this site.
 */
import { HONEYPOT_FIELD, type FormKind } from "../../shared/forms/fields.ts";
import type { QuoteOffer } from "../../shared/forms/quote-details.ts";
import type { BrandColours } from "../../shared/colours.ts";
import { failure, SUCCESS } from "../../shared/forms/texts.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import type { Fields } from "./context.ts";
import { BACK_FIELD, CONFIRM_NOTICE, resultPage, tooLongNotice } from "./page.ts";
import { RELAY_PAGE_CSP } from "../page-policy.ts";

type Mode = "sent" | "failed" | "confirm" | "refused";

export class Answers {
  readonly cors = new Headers({ Vary: "Origin" });
  constructor(
    private readonly request: Request,
    private readonly url: URL,
    private readonly form: FormKind,
    /** A form posted without script. */
    readonly html: boolean,
    private readonly site: {
      allowedOrigins: string[];
      phone: string;
      ownOrigin?: string;
      emailNotice?: boolean;
      offer: QuoteOffer;
      colours?: BrandColours;
    },
  ) {}

  with(fields: Fields): Reply {
    return new Reply(this, fields);
  }

  /** Where "Back to the site" leads from a page whose post held these fields. */
  back(fields: Fields): string {
    const given = fields[BACK_FIELD];
    return this.backLink(typeof given === "string" ? given : this.request.headers.get("Referer"));
  }

  /** A post over the body limit, whose body was never read. */
  tooLong(): Response {
    if (!this.html) {
      const headers = new Headers(this.cors);
      headers.set("Connection", "close");
      return json(
        413,
        { ok: false, error: `the body is larger than ${Math.round(MAX_BODY_BYTES / 1024)} KB` },
        headers,
      );
    }
    return this.page(413, "refused", {}, this.backLink(this.request.headers.get("Referer")), {
      Connection: "close",
    });
  }

  /**
   * The page a script-less post gets: the notice and, unless sent, the form again holding what the visitor
   * typed.
   */
  page(
    status: number,
    mode: Mode,
    fields: Fields,
    back: string,
    extra: Record<string, string> = {},
    proof?: string,
    invalid?: readonly string[],
  ): Response {
    const values = Object.fromEntries(
      Object.entries(fields).filter(([k, v]) => typeof v === "string" && k !== HONEYPOT_FIELD),
    ) as Record<string, string>;
    const notice = {
      sent: SUCCESS[this.form],
      failed: failure(this.form, this.site.phone),
      confirm: CONFIRM_NOTICE,
      refused: tooLongNotice(this.form, this.site.phone),
    }[mode];
    const h = new Headers(this.cors);
    for (const [name, value] of Object.entries(extra)) h.set(name, value);
    h.set("Content-Type", "text/html; charset=utf-8");
    h.set("Cache-Control", "no-store");
    h.set("Content-Security-Policy", RELAY_PAGE_CSP);
    return new Response(
      resultPage({
        form: this.form,
        mode,
        notice,
        values,
        action: this.url.pathname,
        back,
        proof,
        emailNotice: this.site.emailNotice,
        invalid,
        offer: this.site.offer,
        colours: this.site.colours,
      }),
      { status, headers: h },
    );
  }

  /**
   * Where "Back to the site" leads: the page the visitor came from, if it is on this site (a
   * path here, this host, or an origin allowed to post here); otherwise the home page.
   *
   * Read as the browser will read the link (decision 0056): a browser's URL parser drops tabs and
   * newlines anywhere, trims controls and spaces, and takes `\` for `/`, so `/<TAB>/evil.example/`
   * is another site to it. A candidate holding any control character is refused; the rest is
   * resolved with the same (WHATWG) parser, and what is written is what was resolved, never the
   * candidate: an absolute URL (a Referer) as the URL, with the scheme the browser used; a path as
   * the path, so the browser keeps its own scheme (the relay may see http: behind a TLS proxy).
   */
  private backLink(candidate: unknown): string {
    // C0, DEL and C1: the parser would drop or trim some of them, and no page of the site needs one.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (typeof candidate !== "string" || candidate === "" || /[\u0000-\u001F\u007F-\u009F]/.test(candidate))
      return "/";
    const absolute = URL.parse(candidate);
    const target = absolute ?? URL.parse(candidate, this.url.origin);
    if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) return "/";
    const ours =
      sameHost(target.origin, this.url, this.site.ownOrigin) ||
      this.site.allowedOrigins.includes(target.origin);
    if (!ours) return "/";
    if (absolute) {
      target.username = "";
      target.password = "";
      return target.href;
    }
    // A path that starts with two slashes (`/.//evil.example/` resolves to one) names a host to the browser.
    const path = target.pathname + target.search + target.hash;
    return path.startsWith("//") ? "/" : path;
  }
}

/** The answers to one post whose fields were read. */
export class Reply {
  constructor(
    private readonly answers: Answers,
    private readonly fields: Fields,
  ) {}

  get html(): boolean {
    return this.answers.html;
  }

  reply(
    status: number,
    mode: "sent" | "failed" | "confirm",
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    proof?: string,
  ): Response {
    if (this.html) {
      // A refusal that names fields (the forms' check, 400) shows each under its field.
      const invalid = Array.isArray(extra.fields) ? extra.fields.map(String) : undefined;
      return this.answers.page(
        status,
        mode,
        this.fields,
        this.answers.back(this.fields),
        headers,
        proof,
        invalid,
      );
    }
    const h = new Headers(this.answers.cors);
    for (const [name, value] of Object.entries(headers)) h.set(name, value);
    return json(status, { ok: mode === "sent", ...extra }, h);
  }

  sent(): Response {
    return this.reply(200, "sent");
  }
}

/** A urlencoded body as fields; browsers send a textarea's line breaks as CRLF, and the visitor typed LF. */
export function formFields(raw: string): Record<string, string> {
  return Object.fromEntries([...new URLSearchParams(raw)].map(([k, v]) => [k, v.replace(/\r\n?/g, "\n")]));
}

/** A JSON answer that no cache keeps and no browser sniffs as anything else. */
export function json(status: number, body: unknown, headers = new Headers()): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/**
 * Whether `origin` is this site's: with the relay's own origin configured (RELAY_ORIGIN), exactly
 * that one; without it, the host the request was sent to (the same site even behind a
 * TLS-terminating proxy, where the relay sees http:// and the browser sent https://).
 */
export function sameHost(origin: string, url: URL, ownOrigin?: string): boolean {
  if (ownOrigin !== undefined) return origin === ownOrigin;
  try {
    return new URL(origin).host === url.host;
  } catch {
    return false;
  }
}
