import { useState } from 'react';
import type { LeadResponse } from '../../../../schema/api/lead.ts';
import { useNavigate } from '@tanstack/react-router';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ContactFields, FieldRow, SubmitButton, TermsBlock, TextAreaField, TextField } from '../../components/form-kit/fields.tsx';
import { DealershipPicker } from '../../components/form-kit/dealership-picker.tsx';
import { termsEntry, type FormEntries } from '../../components/form-kit/lead-form.tsx';
import { StepIndicator } from '../../components/form-kit/steps.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';

/** Spec §2: the parts order form's steps. */
export const PARTS_STEPS = ['Contact Details', 'Vehicle Details', 'Order Details'] as const;

const text = (value: string | undefined) => value?.trim() || undefined;

/** Step 1 payload: who is ordering, at which parts counter. */
export function partsContactPayload({ fields }: FormEntries): Record<string, unknown> {
  return {
    category: 'Parts Order',
    name: text(fields.name),
    last_name: text(fields.last_name),
    email: text(fields.email),
    phone: text(fields.phone),
    postcode: text(fields.postcode),
    dealership_slug: fields.dealership_slug,
    location: fields.location,
  };
}

/** Step 2 payload: the vehicle, with Rego, VIN (split variant) or one combined 'Rego, VIN, or Part#' (spec §3). */
export function partsVehiclePayload({ fields }: FormEntries): Record<string, unknown> {
  return {
    'Vehicle Make': text(fields['Vehicle Make']),
    'Vehicle Model': text(fields['Vehicle Model']),
    'Vehicle Year': text(fields['Vehicle Year']),
    Rego: text(fields.Rego),
    VIN: text(fields.VIN),
    'Rego, VIN, or Part#': text(fields['Rego, VIN, or Part#']),
  };
}

/** Step 3 payload: the order; completes the lead (form_completed true). */
export function partsOrderPayload({ fields }: FormEntries): Record<string, unknown> {
  return {
    'Part#': text(fields['Part#']),
    'Order Detail': text(fields['Order Detail']),
    form_completed: true,
    ...termsEntry(fields),
  };
}

/**
 * The multi-step parts order (spec §2 'Order Parts Online': Contact Details, Vehicle Details,
 * Order Details). The first step creates the lead (In Progress); later steps carry its lead_id
 * and the lead_token the server issued with it; the last marks it Complete with
 * form_completed true, then goes to /success. Rego, VIN and Part# are optional and asked
 * separately, or as one 'Rego, VIN, or Part#' text (features.partsFormSplitFields).
 * Only in bundles with features.partsOrder on.
 */
export default function PartsOrderForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [lead, setLead] = useState<{ lead_id: number; lead_token?: string | undefined; contact: Record<string, unknown> } | null>(null);
  const split = __FEATURE_PARTS_FORM_SPLIT_FIELDS__;
  const title = tenant.labels.partsFormTitle;
  // Later steps repeat who is ordering (the payload schema asks a name) and prove they continue this lead.
  const continuing = lead ? { ...lead.contact, lead_id: lead.lead_id, ...(lead.lead_token ? { lead_token: lead.lead_token } : {}) } : undefined;

  const advance = (answer: LeadResponse, payload: Record<string, unknown>) => {
    if (step === 0 && answer.lead_id !== null) setLead({ lead_id: answer.lead_id, lead_token: answer.lead_token, contact: partsContactOnly(payload) });
    if (step < PARTS_STEPS.length - 1) setStep(step + 1);
    else void navigate({ href: '/success?type=parts' });
  };

  return (
    <LeadFormSection
      key={step}
      title={title}
      headingLevel={headingLevel}
      config={{
        form: 'parts',
        payload: step === 0 ? partsContactPayload : step === 1 ? partsVehiclePayload : partsOrderPayload,
        ...(continuing ? { extra: continuing } : {}),
        onSent: advance,
      }}
    >
      <StepIndicator steps={PARTS_STEPS} current={step} />
      <h2 className="visually-hidden">{PARTS_STEPS[step]}</h2>
      {step === 0 ? (
        <>
          <DealershipPicker department="parts" />
          <ContactFields postcodeRequired={false} />
          <SubmitButton>Next: Vehicle Details</SubmitButton>
        </>
      ) : step === 1 ? (
        <>
          <FieldRow>
            <TextField name="Vehicle Make" label="Vehicle Make" />
            <TextField name="Vehicle Model" label="Vehicle Model" />
            <TextField name="Vehicle Year" label="Vehicle Year" inputMode="numeric" maxLength={4} />
          </FieldRow>
          {split ? (
            <FieldRow>
              <TextField name="Rego" label="Rego" placeholder={tenant.labels.regoPlaceholder} maxLength={20} />
              <TextField name="VIN" label="VIN" maxLength={20} />
            </FieldRow>
          ) : (
            <TextField name="Rego, VIN, or Part#" label="Rego, VIN, or Part#" maxLength={300} />
          )}
          <SubmitButton>Next: Order Details</SubmitButton>
        </>
      ) : (
        <>
          {split ? <TextField name="Part#" label="Part#" maxLength={200} /> : null}
          <TextAreaField name="Order Detail" label="Order Detail" required rows={4} />
          <TermsBlock />
          <SubmitButton>Place Order</SubmitButton>
        </>
      )}
    </LeadFormSection>
  );
}

function partsContactOnly(payload: Record<string, unknown>): Record<string, unknown> {
  const { name, last_name, email, phone, postcode } = payload;
  return Object.fromEntries(Object.entries({ name, last_name, email, phone, postcode }).filter(([, v]) => v !== undefined));
}
