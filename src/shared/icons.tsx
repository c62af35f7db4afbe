/**
 * The line icons, drawn once per page in a hidden sprite that every Icon
 * (ui.tsx) points into with <use>. Only server code imports this
 * file, so the drawings never reach the browser bundle.
 */
import { renderToStaticMarkup } from "react-dom/server";

export const ICONS = {
  phone: (
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" />
  ),
  check: <path d="M20 6 9 17l-5-5" />,
  star: (
    <path
      d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
      fill="currentColor"
      stroke="none"
    />
  ),
  shield: <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  mail: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </>
  ),
  pin: (
    <>
      <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
      <circle cx="12" cy="10" r="3" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </>
  ),
  chevronDown: <path d="m6 9 6 6 6-6" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M18 6 6 18M6 6l12 12" />,
  tag: (
    <>
      <path d="M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
  sparkles: (
    <path d="M12 3l1.9 5.8L20 10.7l-6.1 1.9L12 18.5l-1.9-5.9L4 10.7l6.1-1.9zM5 3v4M3 5h4M19 17v4M17 19h4" />
  ),
} as const;
export type IconName = keyof typeof ICONS;
export const ICON_NAMES = new Set(Object.keys(ICONS) as IconName[]);

/**
 * The hidden sprite holding one <symbol id="i-NAME"> for each icon named (the build keeps each set it has
 * drawn).
 */
export function iconSprite(names: Iterable<IconName>): string {
  const sorted = [...new Set(names)].sort();
  return renderToStaticMarkup(
    <svg className="hidden" aria-hidden="true">
      {sorted.map((name) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          {ICONS[name]}
        </symbol>
      ))}
    </svg>,
  );
}
