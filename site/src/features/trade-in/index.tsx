import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { RegoLookupResponseSchema, type LeadResponse } from '../../../../schema/api/lead.ts';
import { LEAD_MESSAGES } from '../../../../schema/api/lead-rules.ts';
import type { FormCar } from '../../api/leads/form-car.ts';
import { getJson } from '../../api/http.ts';
import { sendValuationResult } from '../../api/leads/valuation-result.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ContactFields, FieldRow, RadioGroupField, SelectField, SubmitButton, TextField } from '../../components/form-kit/fields.tsx';
import { KmField } from '../../components/form-kit/number-fields.tsx';
import type { FormEntries } from '../../components/form-kit/lead-form.tsx';
import { StepIndicator } from '../../components/form-kit/steps.tsx';
import styles from '../../components/form-kit/form-kit.module.css';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { formatKm, parseKm } from '../../domain/form-inputs.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { formatMoney } from '../../../../schema/number-format.ts';

/** Spec §3 trade-in valuation steps. */
const STEPS = ['Your car', 'Its condition', 'Your offer'] as const;

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** Condition questions; a Yes takes a share off the estimate on the server (ADJUSTMENT_DEDUCTIONS). */
const QUESTIONS: readonly { key: string; label: string }[] = [
  { key: 'accident_damage', label: 'Has the car been in an accident or does it have body damage?' },
  { key: 'mechanical_issues', label: 'Does it have any mechanical issues?' },
  { key: 'warning_lights', label: 'Are any warning lights on?' },
  { key: 'interior_damage', label: 'Is there damage to the interior?' },
  { key: 'incomplete_service_history', label: 'Is the service history incomplete?' },
  { key: 'tyres_need_replacing', label: 'Do the tyres need replacing?' },
  { key: 'modifications', label: 'Has the car been modified?' },
];

interface Vehicle {
  year: number;
  make: string;
  model: string;
  badge: string | null;
}

interface TradeInLead {
  lead_id: number;
  lead_token?: string | undefined;
  contact: Record<string, unknown>;
  kms: number | null;
  vehicle: Vehicle | null;
  offer: number | null;
}

const text = (value: string | undefined) => value?.trim() || undefined;

/** Step 1 payload: the car (rego, state, kms) and who owns it. */
export function tradeInStartPayload({ fields }: FormEntries): Record<string, unknown> {
  const kms = fields.kms ? parseKm(fields.kms) : null;
  return {
    category: 'Trade-In Valuation',
    rego: text(fields.rego)?.toUpperCase(),
    regoState: fields.regoState || undefined,
    kms: kms ?? undefined,
    name: text(fields.name),
    last_name: text(fields.last_name),
    email: text(fields.email),
    phone: text(fields.phone),
    postcode: text(fields.postcode),
  };
}

/**
 * The trade-in valuation flow (spec §2 /cars/trade-in?car_id=, /trade-in, /sell-my-car): the car
 * by rego (the server's registry lookup names it), its condition (adjustmentAnswers), then the
 * server's own online estimate to accept (offer_accepted, form_completed) — or, for cars over
 * the site's age or km limit (7 years, 100,000 km), no online estimate and the team calls.
 * The price is always the server's: the browser only shows it. Only in bundles with
 * features.tradeIn on.
 */
export default function TradeInFlow({ car, headingLevel = 2 }: { car?: FormCar | null; headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [lead, setLead] = useState<TradeInLead | null>(null);
  const [lookupFailed, setLookupFailed] = useState(false);
  const title = car ? 'Value Your Trade-In' : tenant.labels.getYourValuation;
  const continuing = lead ? { ...lead.contact, lead_id: lead.lead_id, ...(lead.lead_token ? { lead_token: lead.lead_token } : {}) } : undefined;

  const started = async (answer: LeadResponse, payload: Record<string, unknown>) => {
    if (answer.lead_id === null) return;
    const contact = { name: payload.name, email: payload.email, phone: payload.phone };
    let vehicle: Vehicle | null = null;
    try {
      const found = await getJson('/api/leads/rego-lookup', RegoLookupResponseSchema, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rego: payload.rego, regoState: payload.regoState, lead_id: answer.lead_id, lead_token: answer.lead_token }),
      });
      vehicle = found.vehicle;
    } catch {
      setLookupFailed(true);
    }
    setLead({ lead_id: answer.lead_id, lead_token: answer.lead_token, contact, kms: typeof payload.kms === 'number' ? payload.kms : null, vehicle, offer: null });
    setStep(1);
  };

  const valued = (answer: LeadResponse, payload: Record<string, unknown>) => {
    setLead((current) => (current ? { ...current, offer: answer.offer_price ?? null } : current));
    setStep(2);
    // The dealer's record of what the shopper was shown (spec §7), where the site keeps one.
    if (__FEATURE_VALUATION_RESULT_LOG__ && lead) {
      const adjustmentAnswers = (payload.adjustmentAnswers ?? {}) as Record<string, string>;
      void sendValuationResult(lead, { offer_price: answer.offer_price ?? null, vehicle: lead.vehicle, kms: lead.kms, adjustmentAnswers });
    }
  };

  const done = () => void navigate({ href: '/success?type=trade_in' });

  const vehicleName = lead?.vehicle ? vehicleTitle(lead.vehicle, __FEATURE_SERIES_IN_TITLE__) : null;

  return (
    <LeadFormSection
      key={step}
      title={title}
      car={car}
      headingLevel={headingLevel}
      config={
        step === 0
          ? { form: 'trade_in', car, payload: tradeInStartPayload, issues: startIssues, onSent: (answer, payload) => void started(answer, payload) }
          : step === 1
            ? { form: 'trade_in', car, payload: adjustmentsPayload, ...(continuing ? { extra: continuing } : {}), onSent: valued }
            : lead?.offer
              ? { form: 'trade_in', car, path: '/api/leads/offer-accepted', payload: () => ({ offer_price: lead.offer, offer_accepted: true, form_completed: true }), ...(continuing ? { extra: continuing } : {}), onSent: done }
              : { form: 'trade_in', car, payload: () => ({ form_completed: true }), ...(continuing ? { extra: continuing } : {}), onSent: done }
      }
    >
      <StepIndicator steps={STEPS} current={step} />
      {step === 0 ? (
        <>
          <h2 className="visually-hidden">{STEPS[0]}</h2>
          <FieldRow>
            <TextField name="rego" label="Rego" required autoComplete="off" maxLength={10} />
            <SelectField
              name="regoState"
              label="Rego state"
              required
              placeholder="Select a state"
              options={STATES.map((s) => ({ value: s, label: s }))}
              defaultValue={tenant.defaultState.toUpperCase()}
            />
          </FieldRow>
          <KmField name="kms" label="Odometer" required />
          <ContactFields postcodeRequired={false} />
          <SubmitButton>Next: Condition</SubmitButton>
        </>
      ) : step === 1 ? (
        <>
          <h2 className="visually-hidden">{STEPS[1]}</h2>
          {vehicleName ? (
            <p className={styles.external}>
              <span>
                We found <strong>{vehicleName}</strong>
                {lead?.kms !== null && lead?.kms !== undefined ? ` with ${formatKm(lead.kms)}` : ''}.
              </span>
            </p>
          ) : (
            <p className={styles.warning}>{lookupFailed ? 'We could not look up that rego just now.' : 'We could not find that rego.'} Our team will check the details with you.</p>
          )}
          {QUESTIONS.map((q) => (
            <RadioGroupField key={q.key} name={q.key} label={q.label} options={['No', 'Yes']} defaultValue="No" />
          ))}
          <SubmitButton>{tenant.labels.getYourValuation}</SubmitButton>
        </>
      ) : (
        <>
          <h2 className="visually-hidden">{STEPS[2]}</h2>
          {lead?.offer ? (
            <>
              <p className={styles.offer}>
                Our online estimate{vehicleName ? ` for your ${vehicleName}` : ''}: <strong>{formatMoney(lead.offer)}</strong>
              </p>
              <p>The estimate is subject to an inspection of the car. Accept it and we will arrange the inspection.</p>
              <SubmitButton>Accept Offer</SubmitButton>
            </>
          ) : (
            <>
              <p className={styles.offer}>We can&apos;t give an online estimate for this car.</p>
              <p>
                Online estimates are for cars up to {tenant.limits.tradeInMaxAgeYears} years old with up to {formatKm(tenant.limits.tradeInMaxKm)}, that our
                valuation service knows. Our team will value it for you and call you.
              </p>
              <SubmitButton>Send My Details</SubmitButton>
            </>
          )}
        </>
      )}
    </LeadFormSection>
  );
}

/** What the first step needs to look the car up and value it. */
function startIssues(payload: Record<string, unknown>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!payload.rego) issues.push({ path: 'rego', message: LEAD_MESSAGES.regoRequired });
  if (!payload.regoState) issues.push({ path: 'regoState', message: LEAD_MESSAGES.regoStateRequired });
  if (payload.kms === undefined) issues.push({ path: 'kms', message: LEAD_MESSAGES.kmsRequired });
  return issues;
}

/** Step 2 payload: the condition answers (spec §7 adjustmentAnswers). */
function adjustmentsPayload({ fields }: FormEntries): Record<string, unknown> {
  return { adjustmentAnswers: Object.fromEntries(QUESTIONS.map((q) => [q.key, fields[q.key] === 'Yes' ? 'Yes' : 'No'])) };
}
