/**
 * What the relay's emails share (ConfirmationEmail.tsx, BookingEmails.tsx): the colours and type, and
 * the signature under each, which names who sent it and how to reach them (Spam Act 2003 s 17) and
 * why the email came, with the privacy policy's address. Styles are inline: many mail programs drop a
 * <style> element.
 */
import type { ReactNode } from "react";
import { textSlot } from "../shared/slots.ts";

export const ink = "#0f172a";
export const muted = "#475569";
export const link = "#115e59";
export const font = { fontFamily: "Arial, Helvetica, sans-serif", fontSize: "16px", lineHeight: "1.5" };

/**
 * The signature; slots: phone, phoneHref. `who`: the business as the email names it; `host`: its site's
 * name (from `siteUrl` unless given, as a slot); `linkColour`: the links' (a slot), else `link`.
 */
export function EmailSignature({
  who,
  siteUrl,
  host = new URL(siteUrl).host,
  privacyUrl,
  linkColour = link,
  why,
}: {
  who: string;
  siteUrl: string;
  host?: string;
  privacyUrl: string;
  linkColour?: string;
  why: ReactNode;
}) {
  return (
    <>
      <hr style={{ border: 0, borderTop: "1px solid #cbd5e1", margin: "24px 0 16px" }} />
      <p style={{ margin: "0 0 8px", fontSize: "14px", color: muted }}>
        {who} ·{" "}
        <a href={siteUrl} style={{ color: linkColour }}>
          {host}
        </a>{" "}
        ·{" "}
        <a href={textSlot("phoneHref")} style={{ color: linkColour, whiteSpace: "nowrap" }}>
          {textSlot("phone")}
        </a>
      </p>
      <p style={{ margin: 0, fontSize: "14px", color: muted }}>
        {why} How we handle your details:{" "}
        <a href={privacyUrl} style={{ color: linkColour }}>
          {privacyUrl}
        </a>
      </p>
    </>
  );
}
