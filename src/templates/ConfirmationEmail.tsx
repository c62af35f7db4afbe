/**
 * The visitor's confirmation email (decision 0063), as markup with slots
 * (src/shared/slots.ts) that the build writes once (src/build/email-markup.tsx)
 * and the relay fills per lead (src/relay/email/confirmation.ts): React stays
 * out of the Worker, as for the result page (decision 0062). Plain and
 * transactional: what we received and when, what the visitor chose, when we
 * reply, how to reach us, the privacy policy. No images, no offers.
 * Styles are inline: many mail programs drop a <style> element.
 *
 * The business is the relay's to say, from the site's facts it was told (src/relay/site.ts), so
 * one committed email serves any business. Slots: name, siteUrl, host, privacyUrl, replyWithin,
 * linkColour, received, phone, phoneHref, and the raw slot details (DetailRow's, filled).
 */
import { rawSlot, textSlot } from "../shared/slots.ts";
import { EmailSignature, font, ink } from "./email-parts.tsx";

/** The links' colour: the brand's own (its 800), which the relay fills in. */
const link = textSlot("linkColour");

/** One line of what the visitor chose; slots: label, value. */
export const DetailRow = () => (
  <li style={{ margin: "0 0 4px" }}>
    <strong>{textSlot("label")}:</strong> {textSlot("value")}
  </li>
);

export function ConfirmationEmail() {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`We received your request: ${textSlot("name")}`}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: "#ffffff", color: ink }}>
        <div style={{ maxWidth: "560px", margin: "0 auto", padding: "24px 16px", ...font }}>
          <p style={{ margin: "0 0 16px", fontSize: "20px", fontWeight: "bold", color: ink }}>
            {textSlot("name")}
          </p>
          <p style={{ margin: "0 0 16px" }}>
            Thank you for getting in touch. We received your request on {textSlot("received")}.
          </p>
          <p style={{ margin: "0 0 8px" }}>What you chose:</p>
          <ul style={{ margin: "0 0 16px", paddingLeft: "20px" }}>{rawSlot("details")}</ul>
          <p style={{ margin: "0 0 16px" }}>
            We reply within {textSlot("replyWithin")} hours. To talk sooner, call{" "}
            <a href={textSlot("phoneHref")} style={{ color: link, fontWeight: "bold", whiteSpace: "nowrap" }}>
              {textSlot("phone")}
            </a>
            .
          </p>
          <p style={{ margin: "0 0 16px" }}>To add anything to your request, reply to this email.</p>
          <EmailSignature
            who={textSlot("name")}
            siteUrl={textSlot("siteUrl")}
            host={textSlot("host")}
            privacyUrl={textSlot("privacyUrl")}
            linkColour={link}
            why="We sent this one email because this address was entered in the form on our website."
          />
        </div>
      </body>
    </html>
  );
}

/**
 * The same words as text, for mail programs that show no HTML; raw slots (the relay fills them unescaped):
 * name, siteUrl, privacyUrl, replyWithin, received, details, phone.
 */
export function confirmationText(): string {
  return [
    rawSlot("name"),
    "",
    `Thank you for getting in touch. We received your request on ${rawSlot("received")}.`,
    "",
    "What you chose:",
    rawSlot("details"),
    "",
    `We reply within ${rawSlot("replyWithin")} hours. To talk sooner, call ${rawSlot("phone")}.`,
    "",
    "To add anything to your request, reply to this email.",
    "",
    "--",
    `${rawSlot("name")} · ${rawSlot("siteUrl")} · ${rawSlot("phone")}`,
    `We sent this one email because this address was entered in the form on our website. How we handle your details: ${rawSlot("privacyUrl")}`,
    "",
  ].join("\n");
}

/** The subject; raw slot: name. */
export const confirmationSubject = () => `We received your request: ${rawSlot("name")}`;
