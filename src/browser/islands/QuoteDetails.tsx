/**
 * The quote page's details of the job as native controls (not an island
 * itself): the service as a select, the property type and the time window as
 * radio groups in a fieldset with a legend, the counts as number inputs with
 * a numeric keyboard, the day as a date input, and the add-ons as tick boxes
 * (one at most) or counts. Drawn from their one description
 * (src/shared/forms/quote-details.ts), in the quote page's island and on the
 * relay's page for a post without script (src/templates/ResultPage.tsx).
 * Nothing is chosen or ticked at first.
 */
import {
  addOnField,
  DETAIL_FIELDS,
  type AddOnChoice,
  type DetailField,
} from "../../shared/forms/quote-details.ts";
import { cn } from "../../shared/ui.tsx";
import { errorId } from "../../shared/forms/field-errors.ts";
import { FieldError, fieldClass, invalidProps, labelClass } from "./FormParts.tsx";

const legendClass = "text-sm font-medium text-ink";
const choiceClass =
  "flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-base text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";
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
 * The details. `values`: what number and date inputs hold at first (the relay's page fills them);
 * `hidden`: add-on ids that do not fit the chosen service, hidden and not posted; `errors`, by control
 * id: a count to fix, said under it.
 */
export function DetailFields({
  addOns,
  values = {},
  hidden = new Set(),
  errors = {},
}: {
  addOns: readonly AddOnChoice[];
  values?: Record<string, string>;
  hidden?: ReadonlySet<string>;
  errors?: Partial<Record<string, string>>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      {DETAIL_FIELDS.map((field) => (
        <div key={field.name} className={PLACE[field.name] ?? "sm:col-span-6"}>
          <Detail field={field} value={values[field.name]} error={errors[`quote-${field.name}`]} />
        </div>
      ))}
      {addOns.length > 0 && (
        <fieldset className={cn("sm:col-span-6", addOns.every((a) => hidden.has(a.id)) && "hidden")}>
          <legend className={legendClass}>Add-ons</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {addOns.map((a, i) => (
              <AddOn
                key={a.id}
                addOn={a}
                value={values[`addOn.${i}`]}
                hidden={hidden.has(a.id)}
                error={errors[`quote-addon-${a.id}`]}
              />
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}

function Detail({ field, value, error }: { field: DetailField; value?: string; error?: string }) {
  const id = `quote-${field.name}`;
  switch (field.control) {
    case "select":
      return (
        <>
          <label htmlFor={id} className={labelClass}>
            {field.label}
          </label>
          <select id={id} name={field.name} defaultValue="" className={fieldClass}>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </>
      );
    case "radio":
      return (
        <fieldset>
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

/** "room" → "rooms", "balcony" → "balconies": how many of what the count asks. */
const units = (unit: string) =>
  /[^aeiou]y$/.test(unit) ? `${unit.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(unit) ? `${unit}es` : `${unit}s`;

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
  if (addOn.max <= 1) {
    return (
      <label className={cn(choiceClass, hidden && "hidden")}>
        <input
          id={id}
          type="checkbox"
          name={addOnField(addOn.id)}
          value="1"
          disabled={hidden}
          className={boxClass}
        />
        {addOn.label}
      </label>
    );
  }
  return (
    <div className={hidden ? "hidden" : undefined}>
      <div className="flex min-h-11 items-center justify-between gap-3">
        <label htmlFor={id} className="text-base text-ink">
          {addOn.label} <span className="text-sm text-slate-600">({units(addOn.unit)})</span>
        </label>
        <input
          id={id}
          name={addOnField(addOn.id)}
          type="number"
          inputMode="numeric"
          min={0}
          max={addOn.max}
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
