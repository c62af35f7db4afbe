/**
 * The privacy policy (Australian Privacy Principle 1), the page each form's
 * collection notice links to (APP 5). Every fact in it comes from where it is
 * decided, so the policy cannot drift from what the site does:
 *
 * - what each form collects, and which fields are required: the forms' one
 *   description (FORM_FIELDS in src/shared/forms/form-fields.ts);
 * - how long the relay keeps it: its LEADS_RETENTION_DAYS setting, read by the
 *   relay's own parser at build time (leadRetentionDays in src/build/build.ts);
 *   the relay erases what was typed from delivered, spam and unconfirmed leads
 *   that old (LeadStore.erase in src/relay/leads/store.ts) and keeps pending
 *   ones until they are delivered;
 * - where a lead came from (the page, the visit's first page, the referrer's
 *   host as a name, the utm tags) and the count of taps on phone links:
 *   src/shared/forms/attribution.ts, src/browser/forms/attribution.ts and the
 *   relay's /api/call; the lead store keeps them when it erases the rest;
 * - no IP address in the lead store (migrations/: no column for it); the rate
 *   limit counts per address for 60 s in memory (src/relay/rate-limit.ts), or
 *   in Cloudflare's rate limiter on Workers;
 * - no cookies: nothing in src/ sets one; the browser storage is sessionStorage
 *   only: the visit's attribution until a form sends it, and the section id
 *   src/browser/loader/scroll.ts keeps between two pages;
 * - who the business is: site.yaml (name, legalName, abn, email, phone).
 *
 * Sources, and what was left to the owner: docs/decisions/0050-privacy-policy-and-terms.md. OAIC, APP 1 (what
 * a policy holds):
 * https://oaic.gov.au/agencies-and-organisations/app-guidelines/chapter-1-app-1-open-and-transparent-management-of-personal-information
 * OAIC, APP 8 (overseas recipients):
 * https://www.oaic.gov.au/agencies-and-organisations/app-guidelines/chapter-8-app-8-cross-border-disclosure-of-personal-information
 * OAIC, complaints (the organisation first, then the OAIC after 30 days):
 * https://oaic.gov.au/privacy/privacy-complaints/lodge-a-privacy-complaint-with-us/ OAIC, which small
 * businesses the Privacy Act covers:
 * https://oaic.gov.au/agencies-and-organisations/business-resources/privacy-business-resource-10
 */
import type { Content } from "../../content/content.ts";
import type { SiteData } from "../../content/content.ts";
import { FORM_FIELDS, type FormField } from "../../shared/forms/form-fields.ts";
import { DETAIL_FIELDS } from "../../shared/forms/quote-details.ts";
import { PhoneLink, textLinkClass } from "../../shared/ui.tsx";
import { businessIdentity } from "../business.ts";
import { andList } from "../grammar.ts";
import { EmailLink, LegalPage, LegalSection, TextLink } from "../LegalPage.tsx";

export const OAIC_COMPLAINTS =
  "https://oaic.gov.au/privacy/privacy-complaints/lodge-a-privacy-complaint-with-us/";
export const TELEGRAM_PRIVACY = "https://telegram.org/privacy";
/**
 * Resend's privacy policy; where it keeps data: "All account data, including email metadata, logs, and API
 * records, is stored in the United States regardless of the sending region"
 * (https://resend.com/docs/dashboard/domains/regions).
 */
export const RESEND_PRIVACY = "https://resend.com/legal/privacy-policy";

const named = (fields: readonly FormField[]) => andList(fields.map((f) => f.label.toLowerCase()));

export function PrivacyPage({ content, retentionDays }: { content: Content; retentionDays: number }) {
  const { site, privacy } = content;
  return (
    <LegalPage page={privacy}>
      <WhoWeAre site={site} />
      <WhatWeCollect sendsEmail={privacy.emailProvider === "resend"} />
      <WhyWeCollect />
      <WhoHandlesIt email={privacy.emailProvider === "resend"} />
      <HowLongItIsKept retentionDays={retentionDays} email={privacy.emailProvider === "resend"} />
      <SeeingYourDetails
        email={site.email}
        phone={site.phone}
        sendsEmail={privacy.emailProvider === "resend"}
      />
      <Complaints email={site.email} />
      <PolicyChanges />
    </LegalPage>
  );
}

/** The business behind the site, and how to reach it about this policy. */
function WhoWeAre({ site }: { site: SiteData }) {
  return (
    <LegalSection id="who" title="Who we are">
      <p>
        This website is run by {businessIdentity(site)}, a cleaning business in {site.location.locality}. This
        policy explains what personal information we collect through it, why, who handles it on its way to us,
        and how long it is kept. You can reach us about it at <EmailLink address={site.email} /> or on{" "}
        <PhoneLink phone={site.phone} className={textLinkClass} />.
      </p>
    </LegalSection>
  );
}

/**
 * What each form asks for, what travels with a message, and what the site keeps in the browser.
 * `sendsEmail`: the relay counts each client's confirmations for an hour under a keyed hash of its
 * address (decision 0072).
 */
function WhatWeCollect({ sendsEmail }: { sendsEmail: boolean }) {
  const { quote, contact } = FORM_FIELDS;
  return (
    <LegalSection id="collect" title="What we collect">
      <p>Only what you type into our two forms:</p>
      <ul className="grid list-disc gap-2 pl-5">
        <li>
          the quote form asks for your {named(quote)}; on the quote page it also asks about the job, each
          answer optional: the {andList([...DETAIL_FIELDS.map((f) => f.label.toLowerCase()), "add-ons"])};
        </li>
        <li>the contact form asks for your {named(contact)}.</li>
      </ul>
      <p>
        Only your {named(quote.filter((f) => f.required))} are required on the quote form, and your{" "}
        {named(contact.filter((f) => f.required))} on the contact form: without them we could not reply to
        you. You can leave everything else out. If you email or call us instead, we use what you tell us in
        the same way.
      </p>
      <p>
        With your message, the form also sends which page of this website you sent it from, the first page of
        your visit, and where your visit came from: the name of the search engine or website that linked to us
        (never the full address you came from) and any campaign tags in the link you followed. It tells us
        which pages bring enquiries, and says nothing about you. When you tap one of our phone numbers, your
        browser tells our form service which number and on which page, and the service adds one to that day's
        count; nothing about you is sent or kept.
      </p>
      <p>
        Our form service does not store your internet (IP) address with your message. To stop floods of
        automated messages, it counts the messages sent from each address for one minute, in memory, and then
        forgets them.
        {sendsEmail &&
          " To limit the confirmation emails one address can cause, it also keeps a code made from your address (never the address itself) for one hour, apart from your message, and then deletes it."}
      </p>
      {sendsEmail && (
        <p>
          If we quote for your job, we may email the quote to the address you gave, with a link to a page
          where you can accept it and choose a day and a time of day; the page shows the quote and nothing
          else you told us. When you accept, our form service keeps the day and time of day you chose and when
          you accepted, and once we confirm, it emails you a confirmation naming the address you gave for the
          job, and a reminder the day before.
        </p>
      )}
      <p>
        This website sets no cookies and runs no analytics or advertising trackers. It keeps two notes in your
        browser's session storage, which lasts while the tab is open: where your visit started and came from,
        for a form to send with your message; and, when a link on another page takes you to a section of the
        home page, which section, removed once the home page has scrolled there.
      </p>
    </LegalSection>
  );
}

function WhyWeCollect() {
  return (
    <LegalSection id="why" title="Why we collect it">
      <p>
        To answer your enquiry: to reply to you, to give you a quote and, if you book, to arrange and carry
        out your clean. We do not sell your details, and we do not add you to a mailing list.
      </p>
    </LegalSection>
  );
}

/**
 * The services a message passes through on its way to the owner, and where they are (APP 8); `email`: the
 * relay sends email (decision 0063).
 */
function WhoHandlesIt({ email }: { email: boolean }) {
  return (
    <LegalSection id="recipients" title="Who handles it, in Australia and overseas">
      <p>
        On its way to us your message passes through these services. Some of them are outside Australia, so
        your details may be held overseas.
      </p>
      <ul className="grid list-disc gap-2 pl-5">
        <li>
          <strong className="font-semibold text-ink">Telegram</strong> (Telegram Messenger Inc.), the
          messaging service that delivers every message to us: our form service sends it to our Telegram chat,
          and Telegram keeps that chat on its servers outside Australia, in data centres in several countries
          (see <TextLink href={TELEGRAM_PRIVACY}>Telegram's privacy policy</TextLink>). We cannot tell you
          which countries hold it.
        </li>
        {email && (
          <li>
            <strong className="font-semibold text-ink">Resend</strong>, the email service our form service
            sends email through: one email to the address you give, confirming that we received your request;
            our quote, if we quote for your job, and if you book, the booking's confirmation and a reminder
            the day before; and, when Telegram cannot deliver your message to us in time, your message to us.
            Resend keeps its records in the United States (see{" "}
            <TextLink href={RESEND_PRIVACY}>Resend's privacy policy</TextLink>).
          </li>
        )}
        <li>
          <strong className="font-semibold text-ink">Our form service</strong>, the program that receives the
          forms and keeps each message until it has reached us. It runs either on the server that hosts this
          website or on Cloudflare Workers, operated by Cloudflare, Inc., a United States company with data
          centres in many countries.
        </li>
        <li>
          <strong className="font-semibold text-ink">The company that hosts this website</strong>, which
          receives your device's internet address and the pages it asks for, as every website host does. It
          may be outside Australia.
        </li>
      </ul>
      <p>We do not give your details to anyone else unless the law requires us to.</p>
    </LegalSection>
  );
}

function HowLongItIsKept({ retentionDays, email }: { retentionDays: number; email: boolean }) {
  return (
    <LegalSection id="keep" title="How long it is kept">
      <p>
        Our form service erases what you typed {retentionDays} days after you sent it, once the message has
        reached us; it keeps only the time the message arrived, a reference code, and the pages and source
        described above. A message still on its way to us is kept until it arrives. The copy in our Telegram
        chat stays there until we delete it. Our notes on a quote and the link to it are erased with your
        message; the amount quoted and the day and time of day you booked are kept with the reference code, as
        our record of the jobs we took.
        {email &&
          " Resend keeps each email it sends for 30 days; a copy in our email inbox stays there until we delete it."}
      </p>
    </LegalSection>
  );
}

/**
 * How to ask, and what deleting does: `npm run leads -- erase` (decision 0073) erases the lead from the
 * form service at once and the relay edits its messages in Telegram; an email already sent is out of reach.
 */
function SeeingYourDetails({
  email,
  phone,
  sendsEmail,
}: {
  email: string;
  phone: string;
  sendsEmail: boolean;
}) {
  return (
    <LegalSection id="access" title="Seeing, correcting or deleting your details">
      <p>
        Ask us at <EmailLink address={email} /> or on <PhoneLink phone={phone} className={textLinkClass} />{" "}
        what details we hold about you, and we will show you them, correct them or delete them.
      </p>
      <p>
        To have them deleted, tell us the email address you gave (or when you sent your message). We then
        erase everything our form service holds of you at once: what you typed, the details of the job, our
        notes and where your visit came from. It keeps only that a message arrived on that day, so our counts
        of enquiries stay right. Our messages about you in our Telegram chat are changed to say only that they
        were erased.
        {sendsEmail &&
          " An email already sent stays in Resend's records for 30 days, and a copy in our email inbox until we delete it there, which we then do."}
      </p>
    </LegalSection>
  );
}

function Complaints({ email }: { email: string }) {
  return (
    <LegalSection id="complaints" title="Complaints">
      <p>
        If you think we have mishandled your details, tell us first, at <EmailLink address={email} />. If we
        have not answered within 30 days, or you are not happy with our answer, you can complain to the Office
        of the Australian Information Commissioner (OAIC), which handles complaints about businesses the
        Privacy Act covers: <TextLink href={OAIC_COMPLAINTS}>how to lodge a privacy complaint</TextLink>.
      </p>
    </LegalSection>
  );
}

function PolicyChanges() {
  return (
    <LegalSection id="changes" title="Changes to this policy">
      <p>When this policy changes, the new version is published on this page with its date at the top.</p>
    </LegalSection>
  );
}
