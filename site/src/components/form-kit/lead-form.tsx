// oxlint-disable-next-line no-restricted-imports -- its one lazy part (the refusal's dialog) never fails: without its code it is an alert in the page
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useId, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { LeadResponse } from '../../../../schema/api/lead.ts';
import { HONEYPOT_FIELD, normaliseLeadCategory } from '../../../../schema/api/lead-words.ts';
import { leadFormShape, leadRuleIssues, type LeadFormShape, type LeadRuleIssue } from '../../../../schema/api/lead-rules.ts';
import { plainFieldIssues } from '../../../../schema/plain-issue.ts';
import { loadLeadSchemas, onOutboxSettled, sendLead, sendWithoutKeeping, type SendResult } from '../../api/leads/outbox.ts';
import type { FormCar } from '../../api/leads/form-car.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { useInteractive } from '../../lib/hydration-replay.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { sentLeadEvents } from '../../domain/analytics-events.ts';
import { formFailure, refusalText, type FormFailure, type FormFailureVariant } from '../../domain/form-failure.ts';
import { collectFormEntries, type RememberedContact } from '../../domain/form-inputs.ts';
import { currentLeadAttributes, rememberedContact, rememberSuccess } from './device.ts';
import { formFieldLabel } from './field-label.ts';
import { useLeadFormHost } from './lead-form-host.ts';
import type { AlertDialogProps } from '../ui/alert-dialog.tsx';
import styles from './form-kit.module.css';

// The refusal's alert dialog loads with the first refusal, not with every form's page (a form
// that is never kept on the device loads it when the shopper starts on it: its refusal may come
// offline). A dialog that cannot load (offline) leaves the refusal as an alert in the page
// instead of failing the page.
const loadAlertDialog = () => import('../ui/alert-dialog.tsx');
const LazyAlertDialog = lazy<ComponentType<AlertDialogProps>>(() =>
  loadAlertDialog().then(
    (module) => ({ default: module.AlertDialog }),
    () => ({ default: UnloadedAlert }),
  ),
);

/** The refusal as an alert in the page, when its dialog could not load. */
function UnloadedAlert({ title, description, open }: AlertDialogProps) {
  return open ? <p role="alert">{description ?? title}</p> : null;
}

/*
 * The one form engine of the lead forms. Fields are plain named inputs (they render on the
 * server and keep what a visitor types before the scripts load); on submit the engine reads the
 * form, builds the payload, checks it with the same zod schema and site rules the server runs
 * (schema/api/lead.ts, schema/api/lead-rules.ts), shows 'Please fix the following errors:' and
 * the inline messages, or sends it through the outbox (never lost, sent once).
 */

/** The entries of a submitted form, ready for a payload builder. */
export interface FormEntries {
  fields: Record<string, string>;
  additional_services: string[];
}

/** How a lead form builds and checks its payload. */
export interface LeadFormConfig {
  /** The lead form (payload `form`). */
  form: string;
  /** The car the lead is about. */
  car?: FormCar | null | undefined;
  /** Payload of the form's own fields (contact, car and tracking fields are added by the engine). */
  payload: (entries: FormEntries) => Record<string, unknown>;
  /** Rules of this form beyond the shared ones (e.g. a step's required fields). */
  issues?: (payload: Record<string, unknown>) => LeadRuleIssue[];
  /** Endpoint; /api/leads by default. */
  path?: string;
  /** What happens once the server confirmed; default: remember the contact and go to /success. */
  onSent?: (answer: LeadResponse, payload: Record<string, unknown>, body: unknown) => void;
  /** Extra fields merged into every payload (lead_id and lead_token of a multi-step lead…). */
  extra?: Record<string, unknown>;
  /** Checks the payload instead of the lead schema and lead rules (a form that is not a lead: an order). */
  check?: (payload: Record<string, unknown>) => LeadRuleIssue[];
  /**
   * False: the payload is sent once and never kept on the device (no outbox): what it holds must
   * not sit in the browser's storage (a credit check's identity). Without an answer the form says
   * so and the shopper sends it again.
   */
  keepOnDevice?: boolean;
  /** A step that sends nothing: called with the checked payload instead (a journey's last step sends). */
  local?: (payload: Record<string, unknown>) => void;
  /**
   * The refusal wording (spec §8): `lead` for lead endpoints (/api/leads…), `response` for
   * endpoints that answer their own error (orders, reservations). Taken from `path` when unset.
   */
  failureVariant?: FormFailureVariant;
}

function failureVariantOf(config: LeadFormConfig): FormFailureVariant {
  if (config.failureVariant) return config.failureVariant;
  return config.path === undefined || config.path.startsWith('/api/leads') ? 'lead' : 'response';
}

type Status = 'idle' | 'submitting' | 'queued';

interface LeadFormState {
  idPrefix: string;
  shape: LeadFormShape;
  errors: LeadRuleIssue[];
  errorFor: (name: string) => string | undefined;
  fieldId: (name: string) => string;
  status: Status;
  clearError: (name: string) => void;
}

const LeadFormContext = createContext<LeadFormState | null>(null);

/** The enclosing lead form's state (fields read their id and inline error from it). */
export function useLeadFormState(): LeadFormState {
  const state = useContext(LeadFormContext);
  if (!state) throw new Error('lead form fields must be inside <LeadForm>');
  return state;
}

/** Drops empty strings and undefined values: an empty optional field is not sent. */
export function compact(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined && v !== ''));
}

/** The terms entry of a form with a TermsBlock: terms_conditions, sent only when the box was shown. */
export function termsEntry(fields: FormEntries['fields']): { terms_conditions?: boolean } {
  return fields.terms_present ? { terms_conditions: fields.terms_conditions === 'on' } : {};
}

/** Payload fields about the car a lead concerns (spec §3 "other fields"). */
export function carFields(car: FormCar | null | undefined, manufacturerSlug?: string): Record<string, unknown> {
  if (!car) return {};
  return {
    car_id: car.id,
    stock_number: car.stocknum ?? undefined,
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
    car_type: car.car_type,
    vehicle_status: car.status,
    car_dealership_id: car.dealership_id,
    dealership_slug: car.dealership_slug,
    location: car.location.slug,
    location_id: car.location_id,
    manufacturer_slug: manufacturerSlug,
  };
}

/**
 * The payload checked against the schema the server applies. Without the schema (its import
 * failed: offline) the check is the server's: the lead still goes to the outbox, and a refusal
 * comes back with the fields named.
 */
async function zodIssues(payload: Record<string, unknown>): Promise<LeadRuleIssue[]> {
  const schemas = await loadLeadSchemas();
  if (!schemas) return [];
  return plainFieldIssues(schemas.LeadSubmissionSchema, payload);
}

/** Keeps the first message per field, in the order the fields appear in the form. */
function orderIssues(form: HTMLFormElement, issues: LeadRuleIssue[]): LeadRuleIssue[] {
  const elements = Array.from(form.elements) as (HTMLInputElement | HTMLSelectElement)[];
  const position = (path: string) => {
    const index = elements.findIndex((el) => el.name === path);
    return index === -1 ? elements.length : index;
  };
  const first = new Map<string, LeadRuleIssue>();
  for (const issue of issues) if (!first.has(issue.path)) first.set(issue.path, issue);
  return [...first.values()].sort((a, b) => position(a.path) - position(b.path));
}

/**
 * Fills the form's empty contact fields with the details remembered on the device (spec §3),
 * except the field the shopper is in: they have started on it, and text set under their caret
 * would have what they type added to it (a remembered "Ana" and a typed "Bea" sent as "AnaBea").
 */
export function prefillRemembered(form: HTMLFormElement, remembered: Partial<RememberedContact>): void {
  for (const [name, value] of Object.entries(remembered)) {
    const input = form.elements.namedItem(name);
    if (value && input instanceof HTMLInputElement && input.value === '' && input !== document.activeElement) input.value = value;
  }
}

/**
 * A lead form: the error list, the form-level alert, the queued notice and the submit wiring.
 * Children are the fields (form-kit/fields.tsx) and a <SubmitButton>.
 */
export function LeadForm({ config, label, children, className }: { config: LeadFormConfig; label: string; children: ReactNode; className?: string }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const host = useLeadFormHost();
  const idPrefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<LeadRuleIssue[]>([]);
  const [formError, setFormError] = useState<FormFailure | null>(null);
  // The refusal's alert stays open until the shopper acknowledges it; the form error stays after.
  const [alertOpen, setAlertOpen] = useState(false);
  // Where focus goes back when the alert closes: the form's send button.
  const [sendButton, setSendButton] = useState<HTMLElement | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const shape = leadFormShape(tenant, config.form, Boolean(config.car));
  // False in the server's HTML until this form has hydrated (its code may arrive after the
  // page's): a submit clicked before then is held and replayed here, never sent natively.
  const interactive = useInteractive();
  const fieldId = useCallback((name: string) => `${idPrefix}-${name.replace(/[^a-zA-Z0-9_-]/g, '_')}`, [idPrefix]);

  // Remembered contact details prefill empty fields once the page is interactive (spec §3).
  useEffect(() => {
    if (formRef.current) prefillRemembered(formRef.current, rememberedContact(tenant.slug));
  }, [tenant.slug]);

  // The schemas load when the shopper starts on the form, so they are in before the send.
  const keptOnDevice = config.keepOnDevice !== false;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const load = () => {
      void loadLeadSchemas();
      if (!keptOnDevice) void loadAlertDialog().catch(() => {});
    };
    form.addEventListener('focusin', load, { once: true });
    return () => form.removeEventListener('focusin', load);
  }, [keptOnDevice]);

  const finish = useCallback(
    (result: SendResult, payload: Record<string, unknown>) => {
      if (result.kind === 'queued') {
        setStatus('queued');
        return;
      }
      setStatus('idle');
      if (result.kind === 'refused') {
        // The fields the form shows get their message inline; the form error names the first in
        // the form's own words, never the API's summary (spec §8 'form error set to the server message').
        const form = formRef.current;
        const labelOf = (path: string) => (form ? formFieldLabel(form, path) : undefined);
        setErrors(form ? orderIssues(form, result.fields.filter((field) => labelOf(field.path) !== undefined)) : []);
        const text = refusalText({ status: result.status, message: result.message, fields: result.fields }, labelOf);
        setFormError(formFailure(failureVariantOf(config), text, tenant.labels.submitError));
        setSendButton(formRef.current?.querySelector<HTMLElement>('[type="submit"]') ?? null);
        setAlertOpen(true);
        return;
      }
      const { category, subcategory } = normaliseLeadCategory(
        typeof payload.category === 'string' ? payload.category : undefined,
        typeof payload.subcategory === 'string' ? payload.subcategory : undefined,
      );
      // The lead has reached the dealer: now it counts (spec §7), once per event.
      for (const id of sentLeadEvents({ form: config.form, car: config.car, category, subcategory }, { financeEnquiryEvent: __FEATURE_FINANCE_ENQUIRY_EVENT__ })) {
        trackEvent(id, { form: config.form, ...(payload.car_id === undefined ? {} : { car_id: payload.car_id }), ...(category ? { category } : {}) });
      }
      rememberSuccess(tenant.slug, payload);
      if (config.onSent) config.onSent(result.answer, payload, result.body);
      else if (host) host.onSent(config.form);
      else void navigate({ href: `/success?type=${encodeURIComponent(config.form)}` });
    },
    [config, host, navigate, tenant.labels.submitError, tenant.slug],
  );

  // Set from the submit until the send has an answer: the schema check awaits an import, and a
  // second submit meanwhile must not send the lead twice.
  const sending = useRef(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await submit(event.currentTarget);
    } finally {
      sending.current = false;
    }
  };
  const submit = async (form: HTMLFormElement) => {
    const entries = collectFormEntries(Array.from(new FormData(form).entries(), ([k, v]) => [k, typeof v === 'string' ? v : ''] as [string, string]));
    const own = config.payload(entries);
    const payload = compact({
      form: config.form,
      ...carFields(config.car, tenant.dealer.dealerships.find((d) => d.slug === config.car?.dealership_slug)?.manufacturerSlug),
      ...compact(own),
      ...(entries.additional_services.length > 0 ? { additional_services: entries.additional_services } : {}),
      ...config.extra,
      url: window.location.href,
      page_id: window.location.pathname,
      user_agent: navigator.userAgent,
      lead_attributes: currentLeadAttributes(tenant.slug),
    });
    const issues = orderIssues(form, config.check ? config.check(payload) : [...(await zodIssues(payload)), ...leadRuleIssues(tenant, payload as never), ...(config.issues?.(payload) ?? [])]);
    setFormError(null);
    setErrors(issues);
    if (issues.length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    if (config.local) {
      config.local(payload);
      return;
    }
    setStatus('submitting');
    const result =
      config.keepOnDevice === false
        ? await sendWithoutKeeping(config.path ?? '/api/leads', payload, `We could not reach ${tenant.name} just now. Nothing was saved on this device: please check your connection and send again.`)
        : await sendLead(tenant.slug, config.path ?? '/api/leads', payload);
    // A queued submission finishes here once a resend goes through while the page is open.
    if (result.kind === 'queued') onOutboxSettled(result.id, (settled) => finish(settled, payload));
    finish(result, payload);
  };

  const state: LeadFormState = {
    idPrefix,
    shape,
    errors,
    errorFor: (name) => errors.find((e) => e.path === name)?.message,
    fieldId,
    status,
    clearError: (name) => setErrors((list) => (list.some((e) => e.path === name) ? list.filter((e) => e.path !== name) : list)),
  };

  return (
    <LeadFormContext.Provider value={state}>
      {errors.length > 0 ? (
        <div ref={summaryRef} tabIndex={-1} className={styles.errors} role="alert" aria-labelledby={`${idPrefix}-errors`}>
          <p id={`${idPrefix}-errors`}>{tenant.labels.formErrorHeading}</p>
          <ul>
            {errors.map((error) => (
              <li key={error.path}>
                <a href={`#${fieldId(error.path)}`}>{error.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {formError ? (
        <>
          <p id={`${idPrefix}-form-error`} className={styles.destructive}>
            {formError.formError}
          </p>
          <Suspense fallback={null}>
            <LazyAlertDialog
              title={formError.alert}
              description={formError.formError === formError.alert ? undefined : formError.formError}
              open={alertOpen}
              onOpenChange={setAlertOpen}
              returnFocusTo={sendButton}
            />
          </Suspense>
        </>
      ) : null}
      {status === 'queued' ? (
        <p className={styles.queued} role="status">
          We could not reach {tenant.name} just now. Your details are saved on this device and will be sent automatically as soon as the
          connection is back — you do not need to send them again.
        </p>
      ) : null}
      <noscript>
        <p className={styles.warning}>This form needs JavaScript to send your details. Please turn it on, or call us.</p>
      </noscript>
      <form
        ref={formRef}
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-label={label}
        aria-describedby={formError ? `${idPrefix}-form-error` : undefined}
        className={className ?? styles.form}
        data-interactive={interactive}
      >
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor={`${idPrefix}-website`}>Leave this empty</label>
          <input id={`${idPrefix}-website`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {children}
      </form>
    </LeadFormContext.Provider>
  );
}
