/** A lead as `npm run leads` shows it: one plain view for the table, `show`, JSON and the CSV. */
import { STAGE_KEYS, WAITING, stageLabel, type Stage } from "../../src/relay/leads/stages.ts";
import { LEAD_STATUSES, LEAD_WORK_STATUSES, type Lead, type LeadStatus } from "../../src/relay/leads/lead.ts";

/**
 * Held back from the owner: stopped as spam, or sent without script and waiting for the visitor's second
 * Send.
 */
export const HELD: readonly LeadStatus[] = LEAD_STATUSES.filter((s) => !LEAD_WORK_STATUSES.includes(s));

/**
 * "called" → "called", "not-a-job" → "notAJob": the stem of each stage's who and when (calledBy, calledAt),
 * its type made from the stages' own list (src/relay/leads/stages.ts).
 */
export const stem = (stage: Stage) => stage.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as StageStem;
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
type StageStem = Camel<Stage>;
type StageFields = Record<`${StageStem}By` | `${StageStem}At`, string | null>;
/** Where it came from, as the CSV and JSON name it. */
export const FROM = {
  page: "page",
  landing: "landing",
  landingName: "landingName",
  source: "source",
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
} as const;
/** The quote page's details, from their columns (migration 0010), as show and the CSV name them. */
const DETAILS_VIEW = ({ details: d }: Lead) => ({
  propertyType: d.propertyType,
  bedrooms: d.bedrooms === null ? null : String(d.bedrooms),
  bathrooms: d.bathrooms === null ? null : String(d.bathrooms),
  storeys: d.storeys === null ? null : String(d.storeys),
  date: d.date,
  timeWindow: d.timeWindow,
  addOns: d.addOns,
  estimate: d.estimate,
});
export const DETAIL_KEYS = [
  "propertyType",
  "bedrooms",
  "bathrooms",
  "storeys",
  "date",
  "timeWindow",
  "addOns",
  "estimate",
] as const;
export const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/**
 * The plain view of a lead for lists, JSON and CSV; erased fields are null. Its stage is the key
 * --stage takes ("waiting" until a button is pressed), null for one held back at no stage; each
 * stage's who and when (the first press) are there when the lead was read with its stages.
 */
export function view(lead: Lead) {
  const f = lead.fields;
  const pressed = (stage: Stage) => lead.stages?.find((e) => e.stage === stage);
  return {
    id: lead.id,
    form: lead.form,
    status: lead.status,
    stage: (lead.stage ?? (HELD.includes(lead.status) ? null : WAITING)) as Stage | typeof WAITING | null,
    receivedAt: iso(lead.receivedAt)!,
    deliveredAt: iso(lead.deliveredAt),
    name: f?.name ?? null,
    email: f?.email ?? null,
    phone: f?.phone || null,
    address: f?.address || null,
    service: f?.service || null,
    message: f?.message || null,
    ...DETAILS_VIEW(lead),
    attempts: lead.attempts,
    lastError: lead.lastError,
    spamReason: lead.spamReason,
    erased: lead.erasedAt !== null,
    ...(Object.fromEntries(
      STAGE_KEYS.flatMap((s) => [
        [`${stem(s)}By`, pressed(s)?.byName ?? null],
        [`${stem(s)}At`, iso(pressed(s)?.at)],
      ]),
    ) as StageFields),
    ...(Object.fromEntries(
      Object.entries(FROM).map(([k, field]) => [k, lead.attribution[field] ?? null]),
    ) as Record<keyof typeof FROM, string | null>),
  };
}
export type View = ReturnType<typeof view>;

/**
 * The stage as the table and the CSV show it: the button's words, "waiting", or nothing for one held back.
 */
export const stageShown = (stage: View["stage"]) =>
  stage === null ? "" : stage === WAITING ? WAITING : stageLabel(stage);
