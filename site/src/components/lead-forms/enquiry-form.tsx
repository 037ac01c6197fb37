import { ENQUIRY_CATEGORIES } from '../../../../schema/api/lead-rules.ts';
import type { FormCar } from '../../api/leads/form-car.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { CheckboxField, ContactFields, SelectField, SubmitButton, TermsBlock, TextAreaField, TextField, MarketingOptInField } from '../form-kit/fields.tsx';
import { DealershipPicker } from '../form-kit/dealership-picker.tsx';
import { termsEntry, useLeadFormState, type FormEntries } from '../form-kit/lead-form.tsx';
import styles from '../form-kit/form-kit.module.css';
import { LeadFormSection } from './lead-form-section.tsx';

/** Extra interests offered as check options; ticked ones are sent in additional_services (spec §5). */
const INTERESTS = [
  { name: 'finance-check-option', label: 'Finance' },
  { name: 'trade-in-check-option', label: 'Trading in my car' },
  { name: 'test-drive-check-option', label: 'A test drive' },
] as const;

/** The payload of the enquiry form's own fields (spec §3 enquiry form payload). */
export function enquiryPayload({ fields }: FormEntries): Record<string, unknown> {
  return {
    name: fields.name?.trim(),
    last_name: fields.last_name?.trim(),
    email: fields.email?.trim(),
    phone: fields.phone?.trim(),
    postcode: fields.postcode?.trim(),
    message: fields.message?.trim(),
    category: fields.category,
    Rego: fields.Rego?.trim(),
    dealership_slug: fields.dealership_slug,
    location: fields.location,
    opt_in: fields.opt_in === 'on',
    ...termsEntry(fields),
  };
}

/**
 * The enquiry form (spec §2 'Enquire Now', or 'Message Now' by the tenant's label): about a car
 * when one is given, otherwise a general enquiry with its category and the dealership picker.
 * Comments required unless the site says otherwise, Rego optional, the marketing opt-in as the tenant sets it (unticked by default),
 * terms where the site requires them. Embeddable (vehicle page, contact page) and the body of
 * the /enquire route.
 */
export function EnquiryForm({
  car,
  category,
  headingLevel = 2,
  title,
  carSummary = true,
  dealership,
}: {
  /** Dealership to start with (the contact page of one of its locations). */
  dealership?: string | undefined;
  car?: FormCar | null | undefined;
  /** Show the car the enquiry is about (false on the car's own page). */
  carSummary?: boolean;
  /** Category to start with (e.g. 'Careers Enquiry' from a careers link). */
  category?: string | undefined;
  headingLevel?: 1 | 2;
  title?: string;
}) {
  const tenant = useTenant();
  const heading = title ?? tenant.labels.enquiryFormTitle;
  return (
    <LeadFormSection
      title={heading}
      car={car}
      carSummary={carSummary}
      headingLevel={headingLevel}
      config={{ form: 'enquiry', car, payload: enquiryPayload }}
    >
      <EnquiryFields defaultCategory={category} defaultDealership={dealership} submitLabel={tenant.labels.enquiryFormTitle} />
    </LeadFormSection>
  );
}

function EnquiryFields({ defaultCategory, defaultDealership, submitLabel }: { defaultCategory?: string | undefined; defaultDealership?: string | undefined; submitLabel: string }) {
  const tenant = useTenant();
  const { shape } = useLeadFormState();
  return (
    <>
      {shape.categoryShown ? (
        <SelectField
          name="category"
          label="Enquiry type"
          required
          placeholder="Please select"
          options={ENQUIRY_CATEGORIES.map((c) => ({ value: c, label: c }))}
          defaultValue={ENQUIRY_CATEGORIES.some((c) => c === defaultCategory) ? defaultCategory : undefined}
        />
      ) : null}
      <DealershipPicker department="sales" defaultDealership={defaultDealership} />
      <ContactFields />
      <TextField name="Rego" label="Rego" placeholder={tenant.labels.regoPlaceholder} maxLength={20} autoComplete="off" />
      <TextAreaField name="message" label={tenant.labels.commentsLabel} required={shape.commentsRequired} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>I&apos;m also interested in</legend>
        {INTERESTS.map((interest) => (
          <CheckboxField key={interest.name} name={interest.name} label={interest.label} value={interest.label} />
        ))}
      </fieldset>
      <MarketingOptInField tenant={tenant} />
      <TermsBlock />
      <SubmitButton>{submitLabel}</SubmitButton>
    </>
  );
}

export default EnquiryForm;
