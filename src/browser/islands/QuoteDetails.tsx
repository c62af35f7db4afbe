/**
 * The quote page's details of the job as native controls (not an island
 * itself): the service as a select, the property type and the time window as
 * radio groups in a fieldset with a legend, the counts as number inputs with
 * a numeric keyboard, the day as a date input, and the add-ons as tick boxes
 * (one at most) or counts. Drawn from their one description
 * (src/shared/forms/quote-details.ts) and the site's services and add-ons, in
 * the quote page's island and on the relay's page for a post without script
 * (src/templates/ResultPage.tsx). Nothing is chosen or ticked at first.
 */
import type { ReactNode } from "react";
import type { ServiceChoice } from "../../shared/forms/fields.ts";
import {
  addOnField,
  addOnUnits,
  DETAIL_FIELDS,
  type AddOnChoice,
  type DetailField,
  type DetailName,
} from "../../shared/forms/quote-details.ts";
import { rawSlot } from "../../shared/slots.ts";
import { cn } from "../../shared/ui.tsx";
import { errorId } from "../../shared/forms/field-errors.ts";
import { FieldError, fieldClass, invalidProps, labelClass } from "./FormParts.tsx";

const legendClass = "text-sm font-medium text-ink";
const choiceClass =
  "flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-base narrow:flex-wrap narrow:py-2 text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";
const boxClass = "h-5 w-5 shrink-0 accent-brand-700";
/** An add-on's count beside its label: the field's look, narrow. */
const countClass = fieldClass.replace("mt-1 block w-full", "block w-20 shrink-0");

/** Where each detail sits in the form's grid: the counts three to a row from 640 px. */
const PLACE: Partial<Record<DetailField["name"], string>> = {
  bedrooms: "sm:col-span-2",
  bathrooms: "sm:col-span-2",
  storeys: "sm:col-span-2",
};

/**
 * The details. `services`: the site's, the service's options; `values`: what number and date inputs hold at
 * first (the relay's page fills them); `hidden`: add-on ids that do not fit the chosen service, and `away`:
 * details it does not take (the property's, for a service with `propertyDetails: false`), both hidden and not
 * posted; `errors`, by control id: a count to fix, said under it. `slots`: the relay's page, which fills the
 * raw slots `options` (the services) and `addOns` (AddOnsBox, or nothing).
 */
export function DetailFields({
  services = [],
  addOns = [],
  values = {},
  hidden = new Set(),
  away = new Set(),
  errors = {},
  slots = false,
}: {
  services?: readonly ServiceChoice[];
  addOns?: readonly AddOnChoice[];
  values?: Record<string, string>;
  hidden?: ReadonlySet<string>;
  away?: ReadonlySet<DetailName>;
  errors?: Partial<Record<string, string>>;
  slots?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-6">
      {DETAIL_FIELDS.map((field) => (
        <div
          key={field.name}
          className={cn(PLACE[field.name] ?? "sm:col-span-6", away.has(field.name) && "hidden")}
        >
          <Detail
            field={field}
            value={values[field.name]}
            error={errors[`quote-${field.name}`]}
            options={slots ? rawSlot("options") : <ServiceOptions services={services} />}
            off={away.has(field.name)}
          />
        </div>
      ))}
      {slots
        ? rawSlot("addOns")
        : addOns.length > 0 && (
            <AddOnsBox hidden={addOns.every((a) => hidden.has(a.id))}>
              {addOns.map((a, i) => (
                <AddOn
                  key={a.id}
                  addOn={a}
                  value={values[`addOn.${i}`]}
                  hidden={hidden.has(a.id)}
                  error={errors[`quote-addon-${a.id}`]}
                />
              ))}
            </AddOnsBox>
          )}
    </div>
  );
}

const ServiceOptions = ({ services }: { services: readonly ServiceChoice[] }) =>
  services.map((s) => (
    <option key={s.value} value={s.value}>
      {s.label}
    </option>
  ));

/** The add-ons' box: hidden when none fits the chosen service. */
export function AddOnsBox({ hidden = false, children }: { hidden?: boolean; children: ReactNode }) {
  return (
    <fieldset className={cn("min-w-0 sm:col-span-6", hidden && "hidden")}>
      <legend className={legendClass}>Add-ons</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * One detail; `options`: a select's options after its first (none chosen); `off`: a detail the chosen service
 * does not take, disabled so it is not posted.
 */
function Detail({
  field,
  value,
  error,
  options,
  off,
}: {
  field: DetailField;
  value?: string;
  error?: string;
  options: ReactNode;
  off: boolean;
}) {
  const id = `quote-${field.name}`;
  switch (field.control) {
    case "select":
      return (
        <>
          <label htmlFor={id} className={labelClass}>
            {field.label}
          </label>
          <select id={id} name={field.name} defaultValue="" className={fieldClass}>
            <option value="">{field.none}</option>
            {options}
          </select>
        </>
      );
    case "radio":
      return (
        <fieldset disabled={off} className="min-w-0">
          <legend className={legendClass}>{field.label}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {field.options.map((o) => (
              <label key={o.value} className={choiceClass}>
                <input type="radio" name={field.name} value={o.value} className={boxClass} />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "number":
      return (
        <>
          <label htmlFor={id} className={labelClass}>
            {field.label}
          </label>
          <input
            id={id}
            name={field.name}
            type="number"
            inputMode="numeric"
            min={field.min}
            max={field.max}
            step={1}
            defaultValue={value}
            disabled={off}
            className={fieldClass}
            {...invalidProps(id, error)}
          />
          {error !== undefined && <FieldError id={errorId(id)} text={error} />}
        </>
      );
    case "date":
      return (
        <>
          <label htmlFor={id} className={labelClass}>
            {field.label}
          </label>
          <input id={id} name={field.name} type="date" defaultValue={value} className={fieldClass} />
        </>
      );
  }
}

/** One add-on: a tick box when one is the most, else how many of its unit (0 or empty: none). */
function AddOn({
  addOn,
  value,
  hidden,
  error,
}: {
  addOn: AddOnChoice;
  value?: string;
  hidden: boolean;
  error?: string;
}) {
  const id = `quote-addon-${addOn.id}`;
  const name = addOnField(addOn.id);
  return addOn.max <= 1 ? (
    <AddOnTick id={id} name={name} label={addOn.label} hidden={hidden} />
  ) : (
    <AddOnCount
      id={id}
      name={name}
      label={addOn.label}
      units={addOnUnits(addOn.unit)}
      max={addOn.max}
      value={value}
      hidden={hidden}
      error={error}
    />
  );
}

/** An add-on one of which is the most: a tick box. */
export function AddOnTick({
  id,
  name,
  label,
  hidden,
}: {
  id: string;
  name: string;
  label: string;
  hidden: boolean;
}) {
  return (
    <label className={cn(choiceClass, hidden && "hidden")}>
      <input id={id} type="checkbox" name={name} value="1" disabled={hidden} className={boxClass} />
      {label}
    </label>
  );
}

/** An add-on counted in `units`, up to `max`. */
export function AddOnCount({
  id,
  name,
  label,
  units,
  max,
  value,
  hidden,
  error,
}: {
  id: string;
  name: string;
  label: string;
  units: string;
  max: number | string;
  value?: string;
  hidden: boolean;
  error?: string;
}) {
  return (
    <div className={hidden ? "hidden" : undefined}>
      <div className="flex min-h-11 items-center justify-between gap-3 narrow:flex-wrap">
        <label htmlFor={id} className="text-base text-ink">
          {label} <span className="text-sm text-slate-600">({units})</span>
        </label>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          defaultValue={value}
          disabled={hidden}
          className={countClass}
          {...invalidProps(id, error)}
        />
      </div>
      {error !== undefined && <FieldError id={errorId(id)} text={error} />}
    </div>
  );
}
