/**
 * What the quote and contact form islands share (not an island itself): the
 * submit through the relay, the notices, the honeypot, the submit button and
 * the fields, drawn from their description in src/shared/forms/form-fields.ts.
 *
 * Inputs are uncontrolled, so text typed before the island hydrates survives
 * hydration, a failure leaves every field exactly as typed, and success clears
 * them with form.reset(). The submit handler is onSubmit, not a React form
 * action, because React resets a form after an action even when it fails.
 */
import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { HONEYPOT_FIELD, type FormKind, type ServiceChoice } from "../../shared/forms/fields.ts";
import { countErrorText, errorId, errorSummaryTitle, fieldErrors } from "../../shared/forms/field-errors.ts";
import { PROOF_FIELD, SCRIPT_PROOF_MIN_AGE_MS } from "../../shared/forms/proof-field.ts";
import {
  FORM_FIELDS,
  selectOptions,
  type FieldName,
  type FormField,
} from "../../shared/forms/form-fields.ts";
import { proofFor, renewProof } from "../forms/proof.ts";
import { newSubmissionId } from "../../shared/forms/submission-id.ts";
import {
  collectionNotice,
  INTERNAL_ERROR,
  SUBMIT_LABEL,
  SUCCESS,
  type Notice as NoticeText,
} from "../../shared/forms/texts.ts";
import { CONTACT_PATH, PRIVACY_PATH } from "../../shared/paths.ts";
import { visitFields } from "../forms/attribution.ts";
import { buttonClass, cn, Icon, textLinkClass } from "../../shared/ui.tsx";
import { rawSlot } from "../../shared/slots.ts";
import { afterScrollSettles } from "../forms/settle.ts";
import { useEnhanced } from "./useEnhanced.ts";

/**
 * A text box, list or date: a border that stands 3:1 from the page (slate-500 on white, 4.8:1; WCAG
 * 1.4.11), red once it holds something to fix, and keyboard focus shown by the site's own 3 px ring, not
 * a pale shadow that forced colours would remove. At least as tall as a text box (2.875rem: its line,
 * padding and border), so a list beside one, which Chromium draws 3 px shorter, lines up with it.
 */
export const fieldClass =
  "mt-1 block w-full min-h-11.5 rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-ink lift aria-invalid:border-red-700";
export const labelClass = "block text-sm font-medium text-ink";

/**
 * Far longer than the relay takes to store a lead and answer (about 3 s at most), so its answer normally
 * arrives first.
 */
const RELAY_TIMEOUT_MS = 20_000;

export type Shown = { tone: "success" | "error" } & NoticeText;

/** A control with something to fix: its id, and what to do about it. */
export interface FieldProblem {
  id: string;
  text: string;
}

/**
 * What to fix before the form can be sent, in the form's order: the fields by the rules the relay checks
 * (field-errors.ts), and the quote page's counts by the browser's own range check.
 */
function problemsIn(form: HTMLFormElement, kind: FormKind): FieldProblem[] {
  const value = (name: string) => {
    const control = form.elements.namedItem(name);
    return control && "value" in control ? String(control.value) : "";
  };
  const found = new Map<Element, FieldProblem>();
  for (const { field, text } of fieldErrors(FORM_FIELDS[kind], value)) {
    const id = `${kind}-${field.name}`;
    const control = form.querySelector(`#${id}`);
    if (control) found.set(control, { id, text });
  }
  for (const count of form.querySelectorAll<HTMLInputElement>("input[type=number]:enabled")) {
    if (count.checkValidity()) continue;
    const label = form.querySelector(`label[for="${count.id}"]`)?.textContent?.trim() ?? count.name;
    found.set(count, { id: count.id, text: countErrorText(label, count.min, count.max) });
  }
  return [...found]
    .sort(([a], [b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map(([, problem]) => problem);
}

export function useRelayForm(kind: FormKind, action: string, failureNotice: NoticeText) {
  const enhanced = useEnhanced();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Shown | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  // Bumped by each Send that found something to fix: the summary takes focus once the page is still.
  const [tries, setTries] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (tries > 0) afterScrollSettles(() => summaryRef.current?.focus());
  }, [tries]);
  const submitRef = useRef<HTMLButtonElement>(null);
  // One id per message: kept while it is retried, so the relay stores it once; a new one after success.
  const submissionId = useRef<string | null>(null);
  // A focused button that becomes disabled hands focus to the page (WCAG 2.4.3): once the send is over,
  // the button has it back, unless the visitor has moved it somewhere meanwhile.
  const refocus = useRef(false);
  useEffect(() => {
    if (sending || !refocus.current) return;
    refocus.current = false;
    if (document.activeElement === null || document.activeElement === document.body)
      submitRef.current?.focus();
  }, [sending]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const found = problemsIn(form, kind);
    setProblems(found);
    if (found.length > 0) {
      setNotice(null);
      setTries((n) => n + 1);
      return;
    }
    submissionId.current ??= newSubmissionId();
    // What was typed, where the visit came from (kept in sessionStorage until now), and the message's id.
    const body: Record<string, string> = {
      ...Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])),
      ...visitFields(),
      submissionId: submissionId.current,
    };
    refocus.current = document.activeElement === submitRef.current;
    setSending(true);
    setNotice(null);
    try {
      // Fetched by the loader when the visitor reached the form (src/browser/forms/proof.ts).
      // Fetched again here if that failed. Without one the post would be kept as spam while the visitor
      // read "sent": better to say it failed, keep what they typed, and let them try again.
      const current = await proofFor(form);
      if (!current) throw new Error("The relay could not be reached for the spam check's proof");
      // Someone quicker than the time trap (autofill, a short note) waits the rest of it, showing "Sending…".
      const early = current.at + SCRIPT_PROOF_MIN_AGE_MS + 200 - Date.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      body[PROOF_FIELD] = current.token;
      const response = await fetch(action, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as { ok?: unknown; error?: unknown } | null;
      if (!response.ok || answer?.ok !== true)
        throw new Error(
          `The relay answered ${response.status}${answer?.error ? `: ${String(answer.error)}` : ""}`,
        );
      form.reset();
      submissionId.current = null;
      renewProof(form);
      setNotice({ tone: "success", ...SUCCESS[kind] });
    } catch (error) {
      console.error(INTERNAL_ERROR[kind], error);
      setNotice({ tone: "error", ...failureNotice });
    } finally {
      setSending(false);
    }
  }

  function dismiss() {
    setNotice(null);
    // The dismiss button is about to vanish; keep focus in the form rather than lose it to the page.
    submitRef.current?.focus();
  }

  /** A field fixed as the visitor types loses its message; nothing new is reported before the next Send. */
  function onInput(event: FormEvent<HTMLFormElement>) {
    if (problems.length === 0) return;
    const now = new Map(problemsIn(event.currentTarget, kind).map((p) => [p.id, p]));
    const left = problems.flatMap((p) => (now.has(p.id) ? [now.get(p.id)!] : []));
    if (left.length !== problems.length || left.some((p, i) => p.text !== problems[i].text))
      setProblems(left);
  }

  const errors = Object.fromEntries(problems.map((p) => [p.id, p.text]));
  // Awake, the island says what to fix in words beside each field; before, the browser's bubbles do.
  const formProps = { noValidate: enhanced, onSubmit, onInput };
  return { sending, notice, formProps, dismiss, submitRef, problems, errors, summaryRef };
}

/**
 * The list of what to fix at the top of the form, which takes focus after a Send that found any
 * (https://design-system.service.gov.uk/components/error-summary/): a title and a link to each field,
 * which moves focus there once the page has scrolled to it. On the relay's page for a post without
 * script its items are a slot (src/templates/ResultPage.tsx).
 */
export function ErrorSummary({
  title,
  summaryRef,
  className,
  page = false,
  children,
}: {
  title: string;
  summaryRef?: React.Ref<HTMLDivElement>;
  className?: string;
  /** On a page of its own (the relay's), whose live region holds it: the title is the page's h1. */
  page?: boolean;
  children: ReactNode;
}) {
  const list = <ul className="mt-1 list-disc pl-5">{children}</ul>;
  return (
    <div
      ref={summaryRef}
      tabIndex={page ? undefined : -1}
      className={cn("rounded-xl border p-4", NOTICE_LOOKS.error.box, className)}
    >
      {page ? (
        <>
          <h1 className="text-lg font-semibold text-inherit">{title}</h1>
          {list}
        </>
      ) : (
        <div role="alert">
          <p className="font-semibold">{title}</p>
          {list}
        </div>
      )}
    </div>
  );
}

/** One line of the summary, linking to the field. */
export function ErrorLink({
  href,
  text,
  onClick,
}: {
  href: string;
  text: string;
  onClick?: (e: MouseEvent) => void;
}) {
  return (
    <li>
      <a href={href} onClick={onClick} className="block py-1 underline">
        {text}
      </a>
    </li>
  );
}

/** The island's summary, when there is something to fix. */
export function Problems({
  problems,
  summaryRef,
  className,
}: {
  problems: FieldProblem[];
  summaryRef: React.Ref<HTMLDivElement>;
  className?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <ErrorSummary title={errorSummaryTitle(problems.length)} summaryRef={summaryRef} className={className}>
      {problems.map((p) => (
        <ErrorLink key={p.id} href={`#${p.id}`} text={p.text} onClick={(e) => goToField(e, p.id)} />
      ))}
    </ErrorSummary>
  );
}

/**
 * Following a summary link: the field's label scrolled into view below the sticky header (html's
 * scroll-padding), then, once the page is still, focus on the field without scrolling again.
 */
function goToField(event: MouseEvent, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  (document.querySelector(`label[for="${id}"]`) ?? field).scrollIntoView({ block: "start" });
  afterScrollSettles(() => field.focus({ preventScroll: true }));
}

/**
 * The words under a control that holds something to fix, which the control names (aria-describedby); an
 * outline icon would say nothing the red border and the words do not.
 */
export function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {text}
    </p>
  );
}

/** A control's attributes while it holds something to fix. */
export const invalidProps = (id: string, error: string | undefined) =>
  error === undefined ? {} : { "aria-invalid": true as const, "aria-describedby": errorId(id) };

/**
 * The two live regions are always in the page, so a screen reader is already
 * watching them when a notice appears: success politely (status), failure at
 * once (alert).
 */
export function Notices({ notice, onDismiss }: { notice: Shown | null; onDismiss: () => void }) {
  return (
    <>
      <div role="status" className="empty:hidden">
        {notice?.tone === "success" && <NoticeBox notice={notice} onDismiss={onDismiss} />}
      </div>
      <div role="alert" className="empty:hidden">
        {notice?.tone === "error" && <NoticeBox notice={notice} onDismiss={onDismiss} />}
      </div>
    </>
  );
}

/**
 * A notice's colours and icon: the islands' two tones are below; the relay's page for a post without script
 * adds its own (src/build/result-markup.tsx).
 */
export interface NoticeLook {
  box: string;
  icon: string;
  iconName: "check" | "close";
  hover: string;
  /**
   * On a page of its own (the relay's, for a post without script), the title is the page's h1, with these
   * classes.
   */
  heading?: string;
}

export const NOTICE_LOOKS: Record<Shown["tone"], NoticeLook> = {
  success: {
    box: "border-brand-200 bg-brand-50 text-brand-900",
    icon: "text-brand-700",
    iconName: "check",
    hover: "hover:bg-brand-100",
  },
  error: {
    box: "border-red-300 bg-red-50 text-red-900",
    icon: "text-red-700",
    iconName: "close",
    hover: "hover:bg-red-100",
  },
};

/** One notice; without `onDismiss` (a page without script) it has no dismiss button. */
export function NoticeBox({
  notice,
  look = NOTICE_LOOKS[notice.tone],
  onDismiss,
}: {
  notice: Shown;
  look?: NoticeLook;
  onDismiss?: () => void;
}) {
  return (
    <div className={cn("flex items-start gap-3 rounded-xl border p-4 text-left", look.box)}>
      <Icon name={look.iconName} className={cn("mt-0.5 h-5 w-5 shrink-0", look.icon)} />
      <div className="min-w-0 flex-1">
        {look.heading === undefined ? (
          <p className="font-semibold">{notice.title}</p>
        ) : (
          <h1 className={cn("font-semibold", look.heading)}>{notice.title}</h1>
        )}
        <p className="mt-1 text-sm">{notice.text}</p>
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss notice"
          className={cn(
            "-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg",
            look.hover,
          )}
        >
          <Icon name="close" className="h-5 w-5" />
        </button>
      )}
    </div>
  );
}

/**
 * A field people never see, hear or reach with Tab, and form-filling bots
 * fill; the relay answers those as sent and keeps them as spam. Visually hidden
 * rather than display:none, which some bots skip.
 */
export function Honeypot({
  kind,
  page = kind === "quote" ? "/" : CONTACT_PATH,
}: {
  kind: FormKind;
  page?: string;
}) {
  const id = `${kind}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      {/* Empty in the static page: the loader fills it when the visitor reaches the form; a post made
          without script is asked to confirm, on a page that fills it. */}
      <input type="hidden" name={PROOF_FIELD} defaultValue="" />
      {/* Which page the lead was sent from, for a post made without script too (the script adds where
          the visit came from). */}
      <input type="hidden" name="page" defaultValue={page} />
    </div>
  );
}

export function SubmitButton({
  kind,
  sending,
  buttonRef,
  className,
}: {
  kind: FormKind;
  sending: boolean;
  buttonRef: React.Ref<HTMLButtonElement>;
  className?: string;
}) {
  return (
    <button
      ref={buttonRef}
      type="submit"
      disabled={sending}
      className={buttonClass(
        "primary",
        cn("min-h-12 w-full disabled:cursor-wait disabled:opacity-75", className),
      )}
    >
      {sending && <Spinner />}
      {sending ? SUBMIT_LABEL[kind].busy : SUBMIT_LABEL[kind].idle}
    </button>
  );
}

/**
 * The collection notice (APP 5), under the Send button: what the details are for, every service
 * outside Australia they pass through (`email`: content/privacy.yaml's emailProvider, an island's
 * prop), and where to read more. `before`: its first words given whole (the relay's page fills them
 * in as a slot).
 */
export function CollectionNotice({
  privacy = PRIVACY_PATH,
  email,
  before,
}: {
  privacy?: string;
  email?: "resend";
  before?: string;
}) {
  const notice = collectionNotice(email);
  return (
    <p className="text-sm text-slate-600">
      {before ?? notice.before}
      <a href={privacy} className={textLinkClass}>
        {notice.link}
      </a>
      {notice.after}
    </p>
  );
}

function Spinner() {
  return (
    <svg
      className="h-5 w-5 motion-safe:animate-spin"
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A form's fields, drawn from their one description (FORM_FIELDS), here and on the relay's page for a post
 * without script (src/templates/ResultPage.tsx), holding `values` there; ids are prefixed with the form's
 * kind. `services`: the site's, a select's options. `errors`, by control id: what to fix, under the control.
 * `slots`: the relay's page, which fills raw slots (page.ts): `error.NAME` under each control, and `options`,
 * a select's options after its first. `place` wraps a field in a div of that class, its
 * place in the form's grid: the class stays in the form's own file, because the build gives a page the CSS
 * of every class in its islands' sources (src/build/css.ts).
 */
export function FormFields({
  kind,
  services = [],
  place = {},
  values = {},
  errors = {},
  slots = false,
}: {
  kind: FormKind;
  services?: readonly ServiceChoice[];
  place?: Partial<Record<FieldName, string>>;
  values?: Partial<Record<FieldName, string>>;
  errors?: Partial<Record<string, string>>;
  slots?: boolean;
}) {
  return FORM_FIELDS[kind].map((field) => {
    const id = `${kind}-${field.name}`;
    const error = errors[id];
    const labelled = (
      <div key={field.name}>
        <label htmlFor={id} className={labelClass}>
          {field.label}
          {field.required && (
            <span aria-hidden="true" className="text-accent-700">
              {" *"}
            </span>
          )}
        </label>
        <Control
          id={id}
          field={field}
          value={values[field.name]}
          error={error}
          services={services}
          optionsSlot={slots}
        />
        {error !== undefined && <FieldError id={errorId(id)} text={error} />}
        {slots && rawSlot(`error.${field.name}`)}
      </div>
    );
    return place[field.name] ? (
      <div key={field.name} className={place[field.name]}>
        {labelled}
      </div>
    ) : (
      labelled
    );
  });
}

/**
 * One control, every attribute from its description; uncontrolled (see the top of this file), so no value or
 * onChange: `value` is what it holds at first.
 */
function Control({
  id,
  field,
  value,
  error,
  services,
  optionsSlot,
}: {
  id: string;
  field: FormField;
  value?: string;
  error?: string;
  services: readonly ServiceChoice[];
  optionsSlot: boolean;
}) {
  const invalid = invalidProps(id, error);
  switch (field.control) {
    case "input":
      return (
        <input
          id={id}
          name={field.name}
          type={field.type}
          defaultValue={value}
          required={field.required}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete}
          className={fieldClass}
          {...invalid}
        />
      );
    case "textarea":
      return (
        <textarea
          id={id}
          name={field.name}
          rows={field.rows}
          defaultValue={value}
          required={field.required}
          maxLength={field.maxLength}
          className={fieldClass}
          {...invalid}
        />
      );
    case "select":
      return (
        <select
          id={id}
          name={field.name}
          required={field.required}
          defaultValue={value ?? ""}
          className={fieldClass}
          {...invalid}
        >
          {selectOptions(field, optionsSlot ? [] : services).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {optionsSlot && rawSlot("options")}
        </select>
      );
  }
}
