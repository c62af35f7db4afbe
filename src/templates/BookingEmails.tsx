/**
 * The three emails of a booking (issue 51), as markup and text with slots
 * (src/shared/slots.ts) that the build writes once from content/
 * (src/build/booking-markup.tsx) and the relay fills per lead
 * (src/relay/booking/emails.ts), as the visitor's confirmation is (decision
 * 0063): the quote, the booking's confirmation, and the reminder the day
 * before. Each is a reply to the customer's own request, purely factual: who
 * we are (the business's name, legal name and ABN once set, phone, site),
 * what was asked and agreed, and how to reach us, with no offer or
 * promotion, so it stays a designated commercial electronic message (Spam Act
 * 2003, Sch 1 cl 2) whose sender is identified (s 17). The quote states its
 * total as one figure, the GST in it (Australian Consumer Law s 48).
 * Styles are inline: many mail programs drop a <style> element.
 */
import type { ReactNode } from "react";
import { rawSlot, textSlot } from "../shared/slots.ts";

export interface BookingEmailFacts {
  businessName: string;
  /** businessIdentity(site): "Example Pty Ltd, trading as … (ABN …)", or the name alone. */
  identity: string;
  siteUrl: string;
  termsUrl: string;
  privacyUrl: string;
  /** content/booking.yaml: whether the quote states the GST in its total. */
  gstRegistered: boolean;
  /** content/booking.yaml: what the customer gets ready, one line each. */
  prepare: readonly string[];
  /** content/booking.yaml: how a booking is changed or cancelled. */
  changed: string;
}

const ink = "#0f172a";
const muted = "#475569";
const link = "#115e59";
const font = { fontFamily: "Arial, Helvetica, sans-serif", fontSize: "16px", lineHeight: "1.5" };
const p = (margin = "0 0 16px") => ({ margin });

/** One line of a quote or booking; slots: label, value. */
export const EmailRow = () => (
  <tr>
    <td style={{ padding: "6px 12px 6px 0", color: muted, verticalAlign: "top", whiteSpace: "nowrap" }}>
      {textSlot("label")}
    </td>
    <td style={{ padding: "6px 0", color: ink, verticalAlign: "top" }}>{textSlot("value")}</td>
  </tr>
);

/** The owner's note with a quote; slot: note. */
export const EmailNote = () => (
  <p
    style={{
      margin: "0 0 16px",
      padding: "8px 12px",
      borderLeft: "4px solid #0d9488",
      background: "#f8fafc",
    }}
  >
    <strong>A note from us:</strong> {textSlot("note")}
  </p>
);

/** What the service includes, by area; slots: heading; raw: areas (EmailArea's). */
export const EmailIncludes = () => (
  <>
    <p style={{ margin: "24px 0 8px", fontWeight: "bold" }}>{textSlot("heading")}</p>
    {rawSlot("areas")}
  </>
);
export const EmailArea = () => (
  <>
    <p style={{ margin: "8px 0 4px", fontSize: "14px", fontWeight: "bold" }}>{textSlot("area")}</p>
    <ul style={{ margin: "0 0 8px", paddingLeft: "20px", fontSize: "14px", color: muted }}>
      {rawSlot("items")}
    </ul>
  </>
);
export const EmailItem = () => <li>{textSlot("item")}</li>;

function Frame({ facts, title, children }: { facts: BookingEmailFacts; title: string; children: ReactNode }) {
  const host = new URL(facts.siteUrl).host;
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: "#ffffff", color: ink }}>
        <div style={{ maxWidth: "560px", margin: "0 auto", padding: "24px 16px", ...font }}>
          <p style={{ margin: "0 0 16px", fontSize: "20px", fontWeight: "bold", color: ink }}>
            {facts.businessName}
          </p>
          {children}
          <hr style={{ border: 0, borderTop: "1px solid #cbd5e1", margin: "24px 0 16px" }} />
          <p style={{ margin: "0 0 8px", fontSize: "14px", color: muted }}>
            {facts.identity} ·{" "}
            <a href={facts.siteUrl} style={{ color: link }}>
              {host}
            </a>{" "}
            ·{" "}
            <a href={textSlot("phoneHref")} style={{ color: link, whiteSpace: "nowrap" }}>
              {textSlot("phone")}
            </a>
          </p>
          <p style={{ margin: 0, fontSize: "14px", color: muted }}>
            {textSlot("why")} How we handle your details:{" "}
            <a href={facts.privacyUrl} style={{ color: link }}>
              {facts.privacyUrl}
            </a>
          </p>
        </div>
      </body>
    </html>
  );
}

const table = { borderCollapse: "collapse" as const, margin: "0 0 16px", fontSize: "16px" };

/**
 * The sentence under a quote's total: the GST it includes (`slot`, the amount), or that none is charged,
 * as content/booking.yaml says the business is registered or not.
 */
export const gstSentence = (registered: boolean, slot: string) =>
  registered ? `Includes GST of ${slot}.` : "No GST is charged: we are not registered for GST.";
const gstWords = (facts: BookingEmailFacts, slot: string) => gstSentence(facts.gstRegistered, slot);

/**
 * The quote. Slots: opening (its first sentence), total, gst, validUntil, link, phone, phoneHref, why;
 * raw: rows (EmailRow's), note (EmailNote's, or nothing), includes (EmailIncludes', or nothing).
 */
export function QuoteEmail({ facts }: { facts: BookingEmailFacts }) {
  return (
    <Frame facts={facts} title={`Your quote from ${facts.businessName}`}>
      <p style={p()}>{textSlot("opening")}</p>
      <table role="presentation" style={table}>
        <tbody>{rawSlot("rows")}</tbody>
      </table>
      {rawSlot("note")}
      <p style={p("0 0 4px")}>Total price</p>
      <p style={{ margin: "0 0 4px", fontSize: "28px", fontWeight: "bold", color: ink }}>
        {textSlot("total")}
      </p>
      <p style={{ margin: "0 0 16px", color: muted }}>{gstWords(facts, textSlot("gst"))}</p>
      <p style={p()}>This quote stands until {textSlot("validUntil")}.</p>
      <p style={p("0 0 8px")}>
        <a
          href={textSlot("link")}
          style={{
            display: "inline-block",
            padding: "12px 20px",
            backgroundColor: "#c2410c",
            color: "#ffffff",
            fontWeight: "bold",
            textDecoration: "none",
            borderRadius: "8px",
          }}
        >
          Accept and choose a day
        </a>
      </p>
      <p style={{ margin: "0 0 16px", fontSize: "14px", color: muted, wordBreak: "break-all" }}>
        Or open this address: {textSlot("link")}
      </p>
      <p style={p()}>
        To ask about anything in it, reply to this email or call{" "}
        <a href={textSlot("phoneHref")} style={{ color: link, fontWeight: "bold", whiteSpace: "nowrap" }}>
          {textSlot("phone")}
        </a>
        . How bookings work:{" "}
        <a href={facts.termsUrl} style={{ color: link }}>
          {facts.termsUrl}
        </a>
      </p>
      {rawSlot("includes")}
    </Frame>
  );
}

/** The list of what to get ready, from content/booking.yaml. */
function Prepare({ facts }: { facts: BookingEmailFacts }) {
  return (
    <>
      <p style={p("0 0 8px")}>
        <strong>Before we come</strong>
      </p>
      <ul style={{ margin: "0 0 16px", paddingLeft: "20px" }}>
        {facts.prepare.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

function Changing({ facts }: { facts: BookingEmailFacts }) {
  return (
    <>
      <p style={p("0 0 8px")}>
        <strong>To change or cancel</strong>
      </p>
      <p style={p()}>
        {facts.changed} Our number is{" "}
        <a href={textSlot("phoneHref")} style={{ color: link, fontWeight: "bold", whiteSpace: "nowrap" }}>
          {textSlot("phone")}
        </a>
        .
      </p>
    </>
  );
}

/** The booking confirmed. Slots: opening, phone, phoneHref, why; raw: rows (EmailRow's). */
export function BookedEmail({ facts }: { facts: BookingEmailFacts }) {
  return (
    <Frame facts={facts} title={`Booking confirmed: ${facts.businessName}`}>
      <p style={p()}>{textSlot("opening")}</p>
      <table role="presentation" style={table}>
        <tbody>{rawSlot("rows")}</tbody>
      </table>
      <Prepare facts={facts} />
      <Changing facts={facts} />
    </Frame>
  );
}

/** The day before. Slots: opening, phone, phoneHref, why; raw: rows (EmailRow's). */
export function ReminderEmail({ facts }: { facts: BookingEmailFacts }) {
  return (
    <Frame facts={facts} title={`See you tomorrow: ${facts.businessName}`}>
      <p style={p()}>{textSlot("opening")}</p>
      <table role="presentation" style={table}>
        <tbody>{rawSlot("rows")}</tbody>
      </table>
      <Prepare facts={facts} />
      <Changing facts={facts} />
    </Frame>
  );
}

/** The three as text, for mail programs that show no HTML; raw slots, filled with the relay's own words. */
export function bookingTexts(facts: BookingEmailFacts) {
  const footer = [
    "--",
    `${facts.identity} · ${facts.siteUrl} · ${rawSlot("phone")}`,
    `${rawSlot("why")} How we handle your details: ${facts.privacyUrl}`,
    "",
  ];
  const prepare = ["Before we come:", ...facts.prepare.map((l) => `- ${l}`), ""];
  const changing = ["To change or cancel:", `${facts.changed} Our number is ${rawSlot("phone")}.`, ""];
  // The confirmation and the reminder: the opening, the booking's lines, what to prepare, how to change it.
  const about = [
    facts.businessName,
    "",
    rawSlot("opening"),
    "",
    rawSlot("rows"),
    "",
    ...prepare,
    ...changing,
    ...footer,
  ].join("\n");
  return {
    quote: [
      facts.businessName,
      "",
      rawSlot("opening"),
      "",
      rawSlot("rows"),
      rawSlot("note"),
      `Total price: ${rawSlot("total")}`,
      gstWords(facts, rawSlot("gst")),
      "",
      `This quote stands until ${rawSlot("validUntil")}.`,
      "",
      `Accept and choose a day: ${rawSlot("link")}`,
      "",
      `To ask about anything in it, reply to this email or call ${rawSlot("phone")}. How bookings work: ${facts.termsUrl}`,
      "",
      rawSlot("includes"),
      ...footer,
    ].join("\n"),
    booked: about,
    reminder: about,
  };
}

/** The subjects; raw slot day in the two about a booking ("Thursday 14 January 2027"). */
export const bookingSubjects = (facts: BookingEmailFacts) => ({
  quote: `Your quote from ${facts.businessName}`,
  booked: `Booking confirmed for ${rawSlot("day")}: ${facts.businessName}`,
  reminder: `See you tomorrow, ${rawSlot("day")}: ${facts.businessName}`,
});
