/** Small presentational pieces shared by every page: the site's visual system in one place. */
import type { ReactNode } from "react";
import type { IconName } from "./icons.tsx";
import { telHref } from "./phone.ts";

export type { IconName };

/** Joins class names, skipping the falsy ones. */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8", className)}>{children}</div>;
}

export function Section({
  id,
  children,
  className,
  labelledBy,
}: {
  id?: string;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn("py-14 sm:py-20", className)}>
      <Container>{children}</Container>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  center = true,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text?: string;
  center?: boolean;
}) {
  return (
    <div className={cn("mb-10 max-w-3xl", center && "mx-auto text-center")}>
      {eyebrow && (
        <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      )}
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-lg leading-relaxed text-slate-600">{text}</p>}
    </div>
  );
}

/**
 * forced-colors:border: where the visitor's own colours replace the site's, a button drawn by its background
 * or a shadow keeps an edge.
 */
const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors forced-colors:border";
const buttonStyles = {
  primary: "bg-accent-700 text-white lift hover:bg-accent-800",
  secondary: "bg-white text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50",
  inverse: "bg-white text-brand-900 hover:bg-brand-50",
  outlineInverse: "text-white ring-2 ring-inset ring-white/80 hover:bg-white/10",
};
export type ButtonStyle = keyof typeof buttonStyles;

export function buttonClass(style: ButtonStyle = "primary", className?: string): string {
  return cn(buttonBase, buttonStyles[style], className);
}

export function ButtonLink({
  href,
  children,
  style = "primary",
  className,
}: {
  href: string;
  children: ReactNode;
  style?: ButtonStyle;
  className?: string;
}) {
  return (
    <a href={href} className={buttonClass(style, className)}>
      {children}
    </a>
  );
}

/** A link inside a sentence: underlined, so it is told from the text around it without relying on colour. */
export const textLinkClass = "font-medium text-brand-800 underline";

/**
 * A tap-to-call link; the number shown never breaks across lines, but on a screen too narrow for it at
 * large text, between its digit groups (the `phone-number` utility, decision 0105). `srOnly` leaves
 * words to screen readers: all of them ("text": an icon button named "Call
 * 0491 570 157"), or the number ("number": the prefix, "Call", is what shows).
 */
export function PhoneLink({
  phone,
  className,
  iconClassName,
  prefix = "",
  srOnly,
}: {
  phone: string;
  className?: string;
  iconClassName?: string;
  prefix?: string;
  srOnly?: "text" | "number";
}) {
  const text = `${prefix}${phone}`.replace(/ /g, "\u00a0");
  return (
    <a href={telHref(phone)} className={className}>
      {iconClassName && <Icon name="phone" className={iconClassName} />}
      {srOnly === "text" ? (
        <span className="sr-only">{text}</span>
      ) : srOnly === "number" ? (
        <>
          {prefix.trimEnd()}
          <span className="sr-only">{` ${text.slice(prefix.length)}`}</span>
        </>
      ) : (
        <Shown prefix={prefix} phone={phone} />
      )}
    </a>
  );
}

/**
 * The number as it shows, with plain spaces between its digit groups for `phone-number` to wrap at, and
 * its prefix ("Call ") kept with it the same way: on a line of its own where the number fits one. A
 * no-break space would not hang at a line's end, and would widen a call button past a 320 px screen at
 * 200% text; a <wbr> beside each costs the home page's first paint 18 bytes (decision 0105).
 */
function Shown({ prefix, phone }: { prefix: string; phone: string }) {
  const number = <span className="phone-number">{phone}</span>;
  return prefix ? (
    <span className="phone-number">
      {prefix}
      {number}
    </span>
  ) : (
    number
  );
}

/**
 * A line icon: a reference into the page's icon sprite (icons.tsx),
 * so each icon's drawing is in a page once however often it appears. The
 * stroke style is the `icon` utility in src/styles/site.css.
 */
export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg className={cn("icon", className)} aria-hidden="true">
      <use href={`#i-${name}`} />
    </svg>
  );
}

/** A rating as five stars in one drawing, read out as "N out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <svg
      className="h-5 w-25 max-w-full shrink-0 text-sparkle"
      viewBox="0 0 120 24"
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {Array.from({ length: 5 }, (_, i) => (
        <use
          key={i}
          href="#i-star"
          x={i * 24}
          width={24}
          height={24}
          className={i >= rating ? "text-slate-300" : undefined}
        />
      ))}
    </svg>
  );
}

export function StatsRow({
  stats,
  tone = "light",
}: {
  stats: { value: string; label: string }[];
  tone?: "light" | "dark";
}) {
  return (
    <dl
      className={cn(
        "grid grid-cols-2 gap-6 text-center narrow:grid-cols-1 lg:grid-cols-4",
        tone === "dark" ? "text-white" : "text-ink",
      )}
    >
      {stats.map((s) => (
        <div
          key={s.label}
          className={cn("flex flex-col rounded-2xl p-5", tone === "dark" ? "bg-white/10" : "bg-brand-50")}
        >
          <dt
            className={cn(
              "order-2 mt-1 text-sm font-medium",
              tone === "dark" ? "text-brand-100" : "text-slate-600",
            )}
          >
            {s.label}
          </dt>
          <dd className="order-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Page banner with the page's one h1, under its breadcrumb trail when it has one. */
export function Banner({
  title,
  description,
  trail,
  children,
}: {
  title: string;
  description: ReactNode;
  trail?: [name: string, path: string][];
  children?: ReactNode;
}) {
  return (
    <div className="on-dark bg-gradient-to-br from-brand-800 to-brand-950 text-white">
      <Container className={cn("pb-14 sm:pb-20", trail ? "pt-6 sm:pt-8" : "pt-14 sm:pt-20")}>
        {trail && <Breadcrumbs trail={trail} />}
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-100">{description}</p>
        {children}
      </Container>
    </div>
  );
}

/**
 * Where the page sits, from Home; the last crumb is this page. The same trail is in the page's
 * BreadcrumbList.
 */
function Breadcrumbs({ trail }: { trail: [name: string, path: string][] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm sm:mb-10">
      <ol className="flex flex-wrap items-center gap-x-2 text-brand-100">
        {trail.map(([name, path], i) => (
          <li key={path} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i < trail.length - 1 ? (
              <a
                href={path}
                className="inline-flex min-h-6 items-center underline-offset-4 hover:text-white hover:underline"
              >
                {name}
              </a>
            ) : (
              <span aria-current="page" className="font-semibold text-white">
                {name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
