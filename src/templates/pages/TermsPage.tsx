/**
 * The terms: every promise the site makes, in one statement, which every
 * "terms apply" links to (TermsLinks.tsx). The figures are site.yaml's claims
 * and the services each promise covers are services.yaml's `guarantee:`, so a
 * changed figure or service changes the terms with it.
 *
 * The bond back guarantee and the re-cleans are warranties against defects
 * (Australian Consumer Law, section 102): a promise to provide a service again
 * if it was defective. Regulation 90 of the Competition and Consumer
 * Regulations 2010 says what the document giving one must hold, and this page
 * holds each: what we do and what the customer does, the warrantor's name and
 * contact details, the period, how to claim, who bears the cost, that the
 * benefits are in addition to the customer's other rights, and the mandatory
 * text for services, word for word (ACL_SERVICES_TEXT). The street address the
 * regulation also asks for is not in site.yaml; decision 0050 records it, with
 * the sources.
 */
import type { Content } from "../../content/content.ts";
import type { ServiceData, SiteData } from "../../content/content.ts";
import { servicePath } from "../../shared/paths.ts";
import { PhoneLink, textLinkClass } from "../../shared/ui.tsx";
import { businessIdentity } from "../business.ts";
import { andList } from "../grammar.ts";
import { EmailLink, LegalPage, LegalSection, TextLink } from "../LegalPage.tsx";

/**
 * The text regulation 90(3) of the Competition and Consumer Regulations 2010
 * prescribes for a warranty against defects in connection with the supply of
 * services (in force from 9 June 2019), word for word and in its layout: a
 * sentence, two entitlements as a list, a paragraph. Read from the sources in
 * decision 0050, which could not reach the regulation's own page on
 * legislation.gov.au: check it there before relying on it.
 */
export const ACL_SERVICES_TEXT = {
  opening:
    "Our services come with guarantees that cannot be excluded under the Australian Consumer Law. For major failures with the service, you are entitled:",
  entitlements: [
    "to cancel your service contract with us; and",
    "to a refund for the unused portion, or to compensation for its reduced value.",
  ],
  closing:
    "You are also entitled to be compensated for any other reasonably foreseeable loss or damage. If the failure does not amount to a major failure you are entitled to have problems with the service rectified in a reasonable time and, if this is not done, to cancel your contract and obtain a refund for the unused portion of the contract.",
} as const;

const checklistLink = (s: ServiceData) => `${servicePath(s)}#checklist-title`;
const names = (services: ServiceData[]) => andList(services.map((s) => s.navLabel));

export function TermsPage({ content }: { content: Content }) {
  const { site, terms, services } = content;
  const {
    bondBackGuaranteeDays: days,
    recleanWindowHours: hours,
    firstCleanDiscountPercent: discount,
    serviceGuarantee,
  } = site.claims;
  const bond = services.filter((s) => s.guarantee === "bond-back");
  const reclean = services.filter((s) => s.guarantee === "re-clean");
  const walkThrough = services.filter((s) => s.guarantee === "walk-through");
  return (
    <LegalPage page={terms}>
      <TheseTerms site={site} />
      <Bookings booking={content.booking} />
      {/* The build refuses a bond-back service without the guarantee's days (cross-check.ts). */}
      {bond.length > 0 && <BondBackGuarantee services={bond} days={days!} hours={hours} />}
      {reclean.length > 0 && <FreeReclean services={reclean} hours={hours} />}
      {walkThrough.length > 0 && <WalkThrough services={walkThrough} />}
      <FirstCleanDiscount discount={discount} />
      {site.claims.beatsAWrittenQuote && <BeatAQuote />}
      <ServiceGuarantee name={serviceGuarantee} bond={bond} reclean={reclean} walkThrough={walkThrough} />
      <ConsumerLaw />
    </LegalPage>
  );
}

/** Who gives the guarantees, and how to claim: the warrantor's name and contact details. */
function TheseTerms({ site }: { site: SiteData }) {
  return (
    <LegalSection id="these-terms" title="These terms">
      <p>
        These are the terms of the guarantees and offers on this website, given by {businessIdentity(site)},{" "}
        {site.location.locality} {site.location.region}. Wherever a page of this website says “terms apply”,
        these are the terms it means. Our quotes are free and without obligation.
      </p>
      <p>
        To claim under a guarantee, or to ask about these terms, call us on{" "}
        <PhoneLink phone={site.phone} className={textLinkClass} /> or email <EmailLink address={site.email} />
        .
      </p>
    </LegalSection>
  );
}

/**
 * How a booking is made and changed, in the owner's words (content/booking.yaml `terms:`), and how long a
 * quote stands, from the setting the relay keeps to (issue 51).
 */
function Bookings({ booking }: { booking: Content["booking"] }) {
  return (
    <LegalSection id="bookings" title="Quotes and bookings">
      <p>{booking.terms.made}</p>
      <p>
        A quote we email stands for {booking.quoteValidDays} days: after that, or once we send you a newer
        quote, its link no longer works.
      </p>
      <p>{booking.terms.changed}</p>
    </LegalSection>
  );
}

function BondBackGuarantee({
  services,
  days,
  hours,
}: {
  services: ServiceData[];
  days: number;
  hours: number;
}) {
  return (
    <LegalSection id="bond-back" title={`Our ${days}-day bond back guarantee`}>
      <p>It comes with {names(services)}.</p>
      <ul className="grid list-disc gap-2 pl-5">
        <li>
          <strong className="font-semibold text-ink">What we promise:</strong> if, within {days} days after
          your bond clean, your property manager or lessor says that something on our{" "}
          {services.map((s, i) => (
            <span key={s.slug}>
              {i > 0 && " or "}
              <TextLink href={checklistLink(s)}>{s.checklist.heading.toLowerCase()}</TextLink>
            </span>
          ))}{" "}
          is not clean, we come back and clean it again, free of charge.
        </li>
        <li>
          <strong className="font-semibold text-ink">What you do:</strong> tell us within {hours} hours of
          hearing from them, by phone or email, with what they listed (a photo of their list or of the exit
          condition report will do), and let us back into the property to clean it.
        </li>
        <li>
          <strong className="font-semibold text-ink">What it does not promise:</strong> it is a promise to
          clean again, not a promise that your bond will be refunded. Your bond is between you and your
          lessor, and a claim for damage, for unpaid rent or for anything that is not on our checklist is not
          something a clean can fix.
        </li>
        <li>
          <strong className="font-semibold text-ink">What it costs you:</strong> nothing. The re-clean is
          free, and so is claiming: a phone call or an email.
        </li>
      </ul>
    </LegalSection>
  );
}

function FreeReclean({ services, hours }: { services: ServiceData[]; hours: number }) {
  return (
    <LegalSection id="re-clean" title={`Free re-clean within ${hours} hours`}>
      <p>
        It comes with {names(services)}. If something on the checklist of your clean was missed or is not
        right, tell us by phone or email within {hours} hours of the clean, and we come back and clean it
        again, free of charge. The checklist is the one on the service's page, or for an office the scope we
        agreed with you. Claiming costs you nothing.
      </p>
    </LegalSection>
  );
}

function WalkThrough({ services }: { services: ServiceData[] }) {
  return (
    <LegalSection id="walk-through" title={`${names(services)}: no re-clean`}>
      <p>
        {names(services)} does not include a re-clean. Instead, before we leave, we walk through the home with
        you, and anything on the checklist you point out we fix there and then.
      </p>
    </LegalSection>
  );
}

function FirstCleanDiscount({ discount }: { discount: number }) {
  return (
    <LegalSection id="first-clean" title={`${discount}% off your first clean`}>
      <p>Your first clean with us comes with an additional {discount}% off the price we quote you.</p>
    </LegalSection>
  );
}

function BeatAQuote() {
  return (
    <LegalSection id="beat-a-quote" title="We beat any written quote">
      <p>
        Send us a written quote from another cleaner for the same job, meaning the same property and the same
        work, and we will quote you a lower price for it.
      </p>
    </LegalSection>
  );
}

/** What the site's "service guarantee" means: the promises above, each for its services. */
function ServiceGuarantee({
  name,
  bond,
  reclean,
  walkThrough,
}: {
  name: string;
  bond: ServiceData[];
  reclean: ServiceData[];
  walkThrough: ServiceData[];
}) {
  return (
    <LegalSection id="service-guarantee" title={`Our ${name} service guarantee`}>
      <p>
        Where this website speaks of our {name} service guarantee, it means the promises above:{" "}
        {andList([
          ...(bond.length > 0 ? [`the bond back guarantee for ${names(bond)}`] : []),
          ...(reclean.length > 0 ? [`the free re-clean for ${names(reclean)}`] : []),
          ...(walkThrough.length > 0 ? [`the walk-through for ${names(walkThrough)}`] : []),
        ])}
        .
      </p>
    </LegalSection>
  );
}

/** That the guarantees add to the customer's rights, then the mandatory text in its box. */
function ConsumerLaw() {
  return (
    <LegalSection id="consumer-law" title="Your rights under the Australian Consumer Law">
      <p>
        The guarantees above are in addition to your rights under the Australian Consumer Law: the benefits
        they give you are in addition to other rights and remedies you have under a law in relation to the
        services they relate to, and nothing in these terms takes any of those away.
      </p>
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-ink narrow:p-3">
        <p>{ACL_SERVICES_TEXT.opening}</p>
        <ul className="grid list-disc gap-1 pl-5">
          {ACL_SERVICES_TEXT.entitlements.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <p>{ACL_SERVICES_TEXT.closing}</p>
      </div>
    </LegalSection>
  );
}
