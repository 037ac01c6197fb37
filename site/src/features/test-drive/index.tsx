import type { FormCar } from '../../api/leads/form-car.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ContactFields, MarketingOptInField, SelectField, SubmitButton, TermsBlock, TextAreaField } from '../../components/form-kit/fields.tsx';
import { DealershipPicker } from '../../components/form-kit/dealership-picker.tsx';
import { termsEntry, type FormEntries } from '../../components/form-kit/lead-form.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { TestDriveSlots } from './test-drive-slots.tsx';

/** The test-drive payload (spec §3 enquiry fields, §5: date and time optional; terms where the dealer has a disclaimer). */
export function testDrivePayload({ fields }: FormEntries): Record<string, unknown> {
  const distribution = fields.distribution_location ? Number(fields.distribution_location) : undefined;
  return {
    category: 'Test Drive',
    name: fields.name?.trim(),
    last_name: fields.last_name?.trim(),
    email: fields.email?.trim(),
    phone: fields.phone?.trim(),
    postcode: fields.postcode?.trim(),
    message: fields.message?.trim(),
    date: fields.date,
    time: fields.time,
    distribution_location: Number.isInteger(distribution) ? distribution : undefined,
    dealership_slug: fields.dealership_slug,
    location: fields.location,
    opt_in: fields.opt_in === 'on',
    ...termsEntry(fields),
  };
}

/**
 * Book a Test Drive (spec §2 /book-test-drive/, the test-drive modal): about a car or, without
 * one, with the dealership picker. Date and time optional (spec §5), picked from the free
 * appointment slots; the distribution-location field when the car's location has distribution
 * locations; a terms box under the dealer's own disclaimer only if it has one
 * (labels.testDriveDisclaimer, spec §5). Only in bundles with features.testDrive on.
 */
export default function TestDriveForm({ car, headingLevel = 2 }: { car?: FormCar | null; headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const distribution = car?.location.distribution_locations ?? [];
  return (
    <LeadFormSection
      title="Book a Test Drive"
      intro={`Tell us when suits you and the ${tenant.name} team will confirm your test drive.`}
      car={car}
      headingLevel={headingLevel}
      config={{ form: 'test_drive', car, payload: testDrivePayload }}
    >
      <DealershipPicker department="sales" />
      {distribution.length > 0 ? (
        <SelectField
          name="distribution_location"
          label="Where would you like to test drive?"
          placeholder="At the dealership"
          options={distribution.map((d) => ({ value: String(d.id), label: d.name }))}
        />
      ) : null}
      <ContactFields postcodeRequired={false} />
      <TestDriveSlots carId={car?.id ?? null} />
      <TextAreaField name="message" label={tenant.labels.commentsLabel} rows={3} />
      <MarketingOptInField tenant={tenant} />
      <TermsBlock disclaimer={tenant.labels.testDriveDisclaimer} />
      <SubmitButton>Book a Test Drive</SubmitButton>
    </LeadFormSection>
  );
}
