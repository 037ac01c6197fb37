import { CreditCheckRequestSchema, LICENCE_STATES } from '../../../../schema/api/credit-check.ts';
import type { LeadRuleIssue } from '../../../../schema/api/lead-rules.ts';
import type { FormCar } from '../../api/leads/form-car.ts';
import { CheckboxField, SelectField, SubmitButton, TextField } from '../../components/form-kit/fields.tsx';
import type { FormEntries } from '../../components/form-kit/lead-form.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { creditCheckConsentText } from '../../domain/credit-check.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { plainFieldIssues } from '../../../../schema/plain-issue.ts';

/** The credit-check payload: date of birth, licence and the ticked consent. */
export function creditCheckPayload({ fields }: FormEntries): Record<string, unknown> {
  return {
    date_of_birth: fields.date_of_birth ?? '',
    licence_number: fields.licence_number?.trim() ?? '',
    licence_state: fields.licence_state ?? '',
    consent: fields.consent === 'on',
  };
}

/**
 * The credit-check step of a car's personalised finance page (spec §6 "an equifax-style finance
 * page for some dealers"; features.gatedEquifaxFinance, signed in): the shopper gives the
 * identity a credit reporting body asks for and consents, in the dealer's words, before the
 * finance enquiry. The consent reaches the dealer's finance team, who run the check.
 */
export default function CreditCheckStep({ car, onConsented }: { car: FormCar; onConsented: () => void }) {
  const tenant = useTenant();
  return (
    <LeadFormSection
      title={`Credit check: ${vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__)}`}
      headingLevel={1}
      car={car}
      intro={`${tenant.name} checks your credit before offering finance on this car. Give your details and your consent, then tell us about the finance you need.`}
      config={{
        form: 'finance',
        car,
        path: '/api/finance/credit-check',
        payload: creditCheckPayload,
        check: (payload): LeadRuleIssue[] => plainFieldIssues(CreditCheckRequestSchema, payload),
        // The date of birth and licence number never wait in the browser's storage for a resend.
        keepOnDevice: false,
        onSent: () => onConsented(),
      }}
    >
      <TextField name="date_of_birth" label="Date of birth" type="date" required autoComplete="bday" />
      <TextField name="licence_number" label="Driver licence number" required maxLength={12} autoComplete="off" />
      <SelectField name="licence_state" label="Licence state" placeholder="Select a state" required options={LICENCE_STATES.map((s) => ({ value: s, label: s }))} />
      <CheckboxField name="consent" label={creditCheckConsentText(tenant.name)} />
      <SubmitButton>Agree and continue</SubmitButton>
    </LeadFormSection>
  );
}
