/**
 * The quote page's form (/quote/): the job's details (QuoteDetails.tsx), then
 * the specification's quote fields, posted to the relay's /api/quote like the
 * home hero's form, so it works before and without script (FormParts.tsx).
 * Once woken it offers only the add-ons that fit the chosen service, leaves
 * out the property's details for a service that takes none, preselects
 * `?service=`, and, on a site with the owner's price table, shows
 * the estimate as the visitor chooses (EstimateBox). The estimate's code is
 * fetched only when there is a table (src/browser/forms/estimate-code.ts).
 */
import { useEffect, useRef, useState } from "react";
import { ADD_ON_PREFIX, PROPERTY_DETAILS, type QuoteOffer } from "../../shared/forms/quote-details.ts";
import { failure } from "../../shared/forms/texts.ts";
import { QUOTE_PATH } from "../../shared/paths.ts";
import type { EstimateChoices, PriceTable } from "../../shared/pricing/table.ts";
import { EstimateBox, type EstimateCode } from "./EstimateBox.tsx";
import {
  CollectionNotice,
  FormFields,
  Honeypot,
  Notices,
  Problems,
  SubmitButton,
  useRelayForm,
} from "./FormParts.tsx";
import { DetailFields } from "./QuoteDetails.tsx";
import { useEnhanced } from "./useEnhanced.ts";

export interface QuotePageFormProps {
  /** The relay endpoint the form posts to. */
  action: string;
  /** The services offered, each with the add-ons that fit it, and those add-ons. */
  offer: QuoteOffer;
  /** The owner's price table (content/pricing.yaml), only when the site has one. */
  prices?: PriceTable;
  /** The business phone: beyond the table's thresholds the estimate asks the visitor to call it. */
  phone: string;
  /** The relay sends email through this provider (content/privacy.yaml): the collection notice names it. */
  email?: "resend";
}

/**
 * What the estimate is asked, read from the form as it stands: a control's "" is not chosen; disabled add-ons
 * (not fitting the service) do not count.
 */
function choicesOf(form: HTMLFormElement): EstimateChoices {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "") || undefined;
  const count = (name: string) => (text(name) === undefined ? undefined : Number(text(name)));
  const addOns: Record<string, number> = {};
  for (const [key, value] of data)
    if (key.startsWith(ADD_ON_PREFIX) && Number(value) > 0)
      addOns[key.slice(ADD_ON_PREFIX.length)] = Number(value);
  return {
    service: text("service"),
    propertyType: text("propertyType"),
    bedrooms: count("bedrooms"),
    bathrooms: count("bathrooms"),
    storeys: count("storeys"),
    addOns,
  };
}

export default function QuotePageForm({ action, offer, prices, phone, email }: QuotePageFormProps) {
  const { sending, notice, formProps, dismiss, submitRef, problems, errors, summaryRef } = useRelayForm(
    "quote",
    action,
    failure("quote", ""),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const enhanced = useEnhanced();
  const [choices, setChoices] = useState<EstimateChoices>({});
  const [code, setCode] = useState<EstimateCode | null>(null);
  const read = () => formRef.current && setChoices(choicesOf(formRef.current));

  // After hydration, not during render: the server HTML has no query string to read, and the select is
  // uncontrolled, so this causes no mismatch. A choice the visitor made before hydration wins.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("service");
    const select = formRef.current?.elements.namedItem("service");
    if (
      select instanceof HTMLSelectElement &&
      select.value === "" &&
      offer.services.some((s) => s.value === wanted)
    )
      select.value = wanted!;
    read();
    if (prices) void import("../forms/estimate-code.ts").then(setCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on waking
  }, []);

  const chosen = enhanced ? offer.services.find((s) => s.value === choices.service) : undefined;
  const hidden = new Set(
    chosen ? offer.addOns.filter((a) => !chosen.addOns.includes(a.id)).map((a) => a.id) : [],
  );
  const away = chosen?.propertyDetails === false ? PROPERTY_DETAILS : undefined;

  return (
    <form
      ref={formRef}
      action={action}
      method="post"
      {...formProps}
      onChange={read}
      onReset={() => setTimeout(read)}
      className="grid gap-8"
    >
      <Problems problems={problems} summaryRef={summaryRef} />
      {/* Headings, not fieldsets, for the form's two parts: the radio groups are fieldsets, and nesting
          them confuses (WCAG technique H71). */}
      <div className="grid gap-4">
        <h3 className="text-xl font-bold text-ink">About the job</h3>
        <DetailFields
          services={offer.services}
          addOns={offer.addOns}
          hidden={hidden}
          away={away}
          errors={errors}
        />
      </div>
      {prices && <EstimateBox prices={prices} choices={choices} code={code} phone={phone} />}
      <div className="grid gap-4">
        <h3 className="text-xl font-bold text-ink">Your details</h3>
        <FormFields kind="quote" errors={errors} />
      </div>
      <Honeypot kind="quote" page={QUOTE_PATH} />
      <div className="grid gap-4">
        <SubmitButton
          kind="quote"
          sending={sending}
          buttonRef={submitRef}
          className="sm:w-auto sm:justify-self-start"
        />
        <CollectionNotice email={email} />
        <Notices notice={notice} onDismiss={dismiss} />
      </div>
    </form>
  );
}
