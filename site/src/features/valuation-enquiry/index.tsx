import { useQuery } from '@tanstack/react-query';
import { LEAD_MESSAGES } from '../../../../schema/api/lead-rules.ts';
import { manufacturerLocationsQueryOptions } from '../../api/locations/locations.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { FieldRow, RadioGroupField, SelectField, SubmitButton, TermsBlock, TextField } from '../../components/form-kit/fields.tsx';
import { KmField } from '../../components/form-kit/number-fields.tsx';
import { termsEntry, type FormEntries } from '../../components/form-kit/lead-form.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { parseKm } from '../../domain/form-inputs.ts';

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

const text = (value: string | undefined) => value?.trim() || undefined;

/** The valuation enquiry payload of spec §3 (kms, regoState, rego, name, phone, email, location_id required, §5). */
export function valuationPayload({ fields }: FormEntries): Record<string, unknown> {
  const kms = fields.kms ? parseKm(fields.kms) : null;
  const locationId = fields.location_id ? Number(fields.location_id) : undefined;
  return {
    category: 'Valuation Enquiry',
    PreferredContactMethod: fields.PreferredContactMethod || undefined,
    finance: fields.finance || undefined,
    kms: kms ?? undefined,
    regoState: fields.regoState || undefined,
    rego: text(fields.rego)?.toUpperCase(),
    name: text(fields.name),
    phone: text(fields.phone),
    email: text(fields.email),
    location_id: Number.isInteger(locationId) ? locationId : undefined,
    form_completed: true,
    ...termsEntry(fields),
  };
}

/**
 * The valuation enquiry (spec §2/§3/§5, 'Get Your Valuation'): every field required — kms,
 * rego state, rego, name, phone, email and the location — plus the preferred contact method
 * and whether finance is wanted. Only in bundles with features.valuationEnquiry on.
 */
export default function ValuationEnquiryForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  // The location select needs the platform's location ids (the tenant file knows slugs).
  // Sales locations of the site's dealer websites (spec §7); a failed call leaves the list empty.
  const websites = useQuery(manufacturerLocationsQueryOptions('sales'));
  const options = (websites.data ?? []).flatMap((website) => website.locations.map((l) => ({ value: String(l.id), label: l.name })));
  return (
    <LeadFormSection
      title={tenant.labels.getYourValuation}
      intro="Tell us about your car and we will get back to you with a valuation."
      headingLevel={headingLevel}
      config={{ form: 'valuation', payload: valuationPayload, issues: (p) => (p.kms === undefined ? [{ path: 'kms', message: LEAD_MESSAGES.kmsRequired }] : []) }}
    >
      <FieldRow>
        <TextField name="rego" label="Rego" required autoComplete="off" maxLength={10} />
        <SelectField name="regoState" label="Rego state" required placeholder="Select a state" options={STATES.map((s) => ({ value: s, label: s }))} defaultValue={tenant.defaultState.toUpperCase()} />
      </FieldRow>
      <KmField name="kms" label="Odometer" required />
      <FieldRow>
        <TextField name="name" label="Name" required autoComplete="name" />
        <TextField name="phone" label="Mobile Number" type="tel" required autoComplete="tel" />
        <TextField name="email" label="Email" type="email" required autoComplete="email" />
      </FieldRow>
      <SelectField
        name="location_id"
        label="Dealership location"
        required
        placeholder={tenant.labels.locationPlaceholder}
        options={options}
        {...(options.length === 1 ? { defaultValue: options[0]?.value } : {})}
        key={options.length}
      />
      <RadioGroupField name="PreferredContactMethod" label="Preferred contact method" options={['Phone', 'Email', 'SMS']} defaultValue="Phone" />
      <RadioGroupField name="finance" label="Interested in finance?" options={['No', 'Yes']} defaultValue="No" />
      <TermsBlock />
      <SubmitButton>{tenant.labels.getYourValuation}</SubmitButton>
    </LeadFormSection>
  );
}
