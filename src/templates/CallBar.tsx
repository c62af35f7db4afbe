/**
 * The bar at the foot of a phone's screen on the home, service and suburb
 * pages: Call · Get a Quote, two plain links, shown by CSS alone, so it works
 * before any script and without one (docs/decisions/0051-call-bar.md).
 *
 * The bar is `position: sticky` to the bottom of the screen inside a box that
 * starts two screens down `main` and ends where `main` ends. Before the
 * visitor has scrolled about one screen it sits below the screen; from then
 * on it stays at the bottom of the screen; at the end of the page it rests in
 * the room `main` keeps for it (ROOM) above the footer and scrolls away with
 * the page. A sticky element never leaves its box, so the bar can never be
 * over the header, the footer or anything above the box; the home page's
 * hero, which reaches into the box on short screens, is drawn over it
 * (its form's Send button stays clear).
 */
import type { Content } from "../content/content.ts";
import { QUOTE_PATH } from "../shared/paths.ts";
import { ButtonLink, PhoneLink, buttonClass } from "../shared/ui.tsx";
import { renderedOnce } from "./once.tsx";

/**
 * For `main`: the room at its end where the bar rests, as tall as the bar, the notch's safe area included.
 */
export const CALL_BAR_ROOM = "relative max-lg:call-bar-room";

export function CallBar({ content }: { content: Content }) {
  return (
    <div
      className="call-bar-range lg:hidden"
      dangerouslySetInnerHTML={renderedOnce(content, "call-bar", () => (
        <Bar phone={content.site.phone} />
      ))}
    />
  );
}

function Bar({ phone }: { phone: string }) {
  return (
    <div className="call-bar grid w-full grid-cols-2 items-center gap-2 border-t border-slate-200 bg-white px-4">
      <PhoneLink
        phone={phone}
        prefix="Call "
        srOnly="number"
        className={buttonClass("secondary")}
        iconClassName="h-4 w-4"
      />
      <ButtonLink href={QUOTE_PATH}>Get a Quote</ButtonLink>
    </div>
  );
}
