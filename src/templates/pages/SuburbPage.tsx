import type { ReactNode } from "react";
import type { Content } from "../../content/content.ts";
import type { SiteData, SuburbData, SuburbPagesData } from "../../content/content.ts";
import { quotePath, suburbPath } from "../../shared/paths.ts";
import { suburbTrail } from "../seo/breadcrumbs.ts";
import { FilledWords, filledText, suburbValues, type SuburbValues } from "../placeholders.tsx";
import { Banner, ButtonLink, Container, Icon, PhoneLink, Section } from "../../shared/ui.tsx";
import { Paragraphs } from "../TextBesidePicture.tsx";
import { withTermsLinks } from "../TermsLinks.tsx";

type Figure = NonNullable<SuburbData["medianHousePrice"]>;

/**
 * A suburb's page: its own facts from suburbs.yaml, in the words every suburb page shares
 * (suburb-pages.yaml).
 */
export function SuburbPage({ content, suburb }: { content: Content; suburb: SuburbData }) {
  const nearby = suburb.nearby.map((slug) => content.suburbs.find((s) => s.slug === slug)!);
  const words = content.suburbPages;
  const values = suburbValues(suburb, content.site.claims);
  return (
    <>
      <SuburbBanner suburb={suburb} words={words} values={values} trail={suburbTrail(suburb, content)} />
      <Section labelledBy="best-title">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
          <BestCleaningPoints
            suburb={suburb}
            heading={<FilledWords words={words.pointsHeading} values={values} />}
          />
          <PricesBox suburb={suburb} />
        </div>
      </Section>
      {suburb.schools.length > 0 && (
        <SchoolsSection
          suburb={suburb}
          note={words.schoolsNote && <FilledWords words={words.schoolsNote} values={values} />}
        />
      )}
      <OfferSection offer={words.offer} values={values} site={content.site} />
      <Section labelledBy="about-suburb-title">
        <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr]">
          <AboutSuburb suburb={suburb} />
          {nearby.length > 0 && <NearbySuburbs nearby={nearby} words={words} claims={content.site.claims} />}
        </div>
        {suburb.sources.length > 0 && <FigureSources suburb={suburb} />}
      </Section>
    </>
  );
}

function SuburbBanner({
  suburb,
  words,
  values,
  trail,
}: {
  suburb: SuburbData;
  words: SuburbPagesData;
  values: SuburbValues;
  trail: [name: string, path: string][];
}) {
  return (
    <Banner title={filledText(words.title, values)} description={withTermsLinks(suburb.intro)} trail={trail}>
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-100">
        <span>Postcode {suburb.postcode}</span>
        {suburb.population && (
          <span>
            Population {suburb.population.value} ({suburb.population.year} Census)
          </span>
        )}
        {suburb.distanceFromCbdKm !== undefined && words.distance && (
          <span>
            <FilledWords words={words.distance} values={values} />
          </span>
        )}
      </p>
    </Banner>
  );
}

/** The suburb's numbered reasons to book, from its `points:`. */
function BestCleaningPoints({ suburb, heading }: { suburb: SuburbData; heading: ReactNode }) {
  return (
    <div>
      <h2 id="best-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {heading}
      </h2>
      <ol className="mt-8 grid gap-6">
        {suburb.points.map((p, i) => (
          <li key={p.title} className="flex gap-4">
            <span
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="text-lg font-bold">{p.title}</h3>
              <p className="mt-1 leading-relaxed text-slate-600">{withTermsLinks(p.text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One line of the Property prices box: what the figure is, the figure, when, and its source. */
interface PriceRow {
  label: string;
  value: string;
  asOf: string;
  source: string;
  citation: string;
}

/**
 * Every cited figure the entry has: the market medians, then the Census rent, labelled with its year so
 * nobody takes it for today's rent.
 */
function priceRows(suburb: SuburbData): PriceRow[] {
  const market: [string, Figure | undefined][] = [
    ["Median house price", suburb.medianHousePrice],
    ["Median house rent", suburb.medianRent],
    ["Median unit price", suburb.medianUnitPrice],
    ["Median unit rent", suburb.medianUnitRent],
  ];
  const rows: PriceRow[] = market.flatMap(([label, figure]) =>
    figure ? [{ ...figure, label: figure.measure ? `${label} (${figure.measure})` : label }] : [],
  );
  const census = suburb.censusMedianWeeklyRent;
  if (census)
    rows.push({
      ...census,
      label: `Median weekly rent at the ${census.year} Census`,
      asOf: "What renting households paid on Census night, not today's asking rents",
    });
  return rows;
}

/** The figures the suburb's entry cites, each with its source; the population under them. */
function PricesBox({ suburb }: { suburb: SuburbData }) {
  const rows = priceRows(suburb);
  if (rows.length === 0 && !suburb.population) return null;
  return (
    <aside
      aria-labelledby="prices-title"
      className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-6 narrow:p-3"
    >
      <h2 id="prices-title" className="text-xl font-bold">
        Property prices in {suburb.name}
      </h2>
      {rows.length > 0 && (
        <dl className="mt-4 divide-y divide-slate-200">
          {rows.map((row) => (
            <div key={row.label} className="py-3">
              <dt className="text-sm text-slate-600">{row.label}</dt>
              <dd className="text-2xl font-bold text-ink">{row.value}</dd>
              <dd className="text-xs text-slate-500">{row.asOf}</dd>
              <dd className="mt-1 text-xs text-slate-500">
                Source:{" "}
                <a href={row.source} className="underline hover:text-brand-800" rel="nofollow noopener">
                  {row.citation}
                </a>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {suburb.population && (
        <p className="mt-4 text-sm text-slate-600">
          Population: <strong className="text-ink">{suburb.population.value}</strong> (
          {suburb.population.year} Census,{" "}
          <a
            href={suburb.population.source}
            className="underline hover:text-brand-800"
            rel="nofollow noopener"
          >
            {suburb.population.citation}
          </a>
          )
        </p>
      )}
    </aside>
  );
}

function SchoolsSection({ suburb, note }: { suburb: SuburbData; note: ReactNode }) {
  return (
    <Section labelledBy="schools-title" className="bg-slate-50">
      <h2 id="schools-title" className="text-3xl font-bold tracking-tight">
        Schools in and near {suburb.name}
      </h2>
      {note && <p className="mt-3 max-w-3xl text-slate-600">{note}</p>}
      <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm wrap-normal sm:text-base">
          <caption className="sr-only">Schools in and near {suburb.name}</caption>
          <thead className="bg-brand-50 text-ink">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                School
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Level
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Type
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {suburb.schools.map((school) => (
              <tr key={school.name}>
                <td className="px-4 py-3 font-medium text-ink">
                  {school.name}
                  {school.suburb && (
                    <span className="block text-xs font-normal text-slate-500">in {school.suburb}</span>
                  )}
                </td>
                <td className="px-4 py-3">{school.level}</td>
                <td className="px-4 py-3">{school.type}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** The owner's offer to the suburb, beside the call box: both numbers and the quote button. */
function OfferSection({
  offer,
  values,
  site,
}: {
  offer: SuburbPagesData["offer"];
  values: SuburbValues;
  site: SiteData;
}) {
  const discount = site.claims.firstCleanDiscountPercent;
  return (
    <section aria-labelledby="eol-title" className="on-dark bg-brand-900 text-white">
      <Container className="grid gap-8 py-14 lg:grid-cols-[1.5fr_1fr] lg:items-center">
        <div>
          <h2 id="eol-title" className="text-3xl font-bold text-white">
            <FilledWords words={offer.heading} values={values} />
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-brand-100">
            <FilledWords words={offer.text} values={values} />
          </p>
        </div>
        <div className="rounded-2xl bg-white/10 p-6 narrow:p-3">
          <p className="inline-flex items-center gap-2 rounded-full bg-sparkle px-3 py-1 text-sm font-bold text-ink">
            <Icon name="tag" className="h-4 w-4" /> {discount}% off your first clean
          </p>
          <p className="mt-4 text-brand-100">Call us on</p>
          <PhoneLink
            phone={site.phone}
            className="mt-1 inline-flex items-center gap-2 text-2xl font-bold text-white hover:underline"
            iconClassName="h-5 w-5"
          />
          <p className="mt-2 text-brand-100">
            or our landline <PhoneLink phone={site.landline} className="font-semibold text-white underline" />
          </p>
          <ButtonLink href={quotePath(offer.service)} style="inverse" className="mt-5 w-full">
            Get a Free Quote
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}

function AboutSuburb({ suburb }: { suburb: SuburbData }) {
  return (
    <div>
      <h2 id="about-suburb-title" className="text-3xl font-bold tracking-tight">
        About {suburb.name}
      </h2>
      <Paragraphs texts={suburb.description} />
    </div>
  );
}

function NearbySuburbs({
  nearby,
  words,
  claims,
}: {
  nearby: SuburbData[];
  words: SuburbPagesData;
  claims: SiteData["claims"];
}) {
  return (
    <nav
      aria-labelledby="nearby-title"
      className="self-start rounded-2xl border border-slate-200 p-6 narrow:p-3"
    >
      <h2 id="nearby-title" className="text-lg font-bold">
        Nearby suburbs we clean
      </h2>
      <ul className="mt-3 grid gap-1">
        {nearby.map((s) => (
          <li key={s.slug}>
            <a
              href={suburbPath(s)}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-800 hover:underline"
            >
              <Icon name="pin" className="h-4 w-4" />
              <FilledWords words={words.nearbyLink} values={suburbValues(s, claims)} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every page the suburb's figures cite, folded away under the page's last section. */
function FigureSources({ suburb }: { suburb: SuburbData }) {
  return (
    <details className="mt-10 text-sm text-slate-500">
      <summary className="cursor-pointer font-medium text-slate-600">
        Sources for the figures on this page
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {suburb.sources.map((src) => (
          <li key={src.url}>
            <a href={src.url} rel="nofollow noopener" className="underline hover:text-brand-800">
              {src.citation}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
