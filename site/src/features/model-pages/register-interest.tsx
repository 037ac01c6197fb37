import type { Model } from '../../../../schema/api/content.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ContactFields, SubmitButton, TermsBlock, TextAreaField, MarketingOptInField } from '../../components/form-kit/fields.tsx';
import { DealershipPicker } from '../../components/form-kit/dealership-picker.tsx';
import { useLeadFormState, type FormEntries } from '../../components/form-kit/lead-form.tsx';
import { enquiryPayload } from '../../components/lead-forms/enquiry-form.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';

/** The lead category of a Register Interest submission (spec §4 model status). */
export const REGISTER_INTEREST_CATEGORY = 'Register Interest';

/**
 * The payload of a Register Interest lead about a coming-soon model: the enquiry form's contact
 * fields (spec §3 enquiry payload), category Register Interest, and the model it is about
 * (manufacturer_slug, Vehicle Make, Vehicle Model, a new car, vehicle_status coming_soon).
 */
export function registerInterestPayload(model: Pick<Model, 'manufacturer_slug' | 'name' | 'full_name' | 'status'>) {
  const make = model.full_name.endsWith(` ${model.name}`) ? model.full_name.slice(0, -model.name.length - 1) : model.full_name;
  return (entries: FormEntries): Record<string, unknown> => ({
    ...enquiryPayload(entries),
    category: REGISTER_INTEREST_CATEGORY,
    manufacturer_slug: model.manufacturer_slug,
    'Vehicle Make': make,
    'Vehicle Model': model.name,
    car_type: 'new',
    vehicle_status: model.status,
  });
}

function Fields({ model }: { model: Model }) {
  const tenant = useTenant();
  const { shape } = useLeadFormState();
  return (
    <>
      <DealershipPicker department="sales" />
      <ContactFields />
      <TextAreaField name="message" label={tenant.labels.commentsLabel} required={shape.commentsRequired} rows={3} />
      <MarketingOptInField tenant={tenant} />
      <TermsBlock />
      <SubmitButton>
        Register Interest<span className="visually-hidden"> in the {model.full_name}</span>
      </SubmitButton>
    </>
  );
}

/**
 * The Register Interest form of a coming-soon model page (spec §4: model status coming_soon turns
 * the variant button into Register Interest), at #register-interest-form. A lead through the
 * platform's one lead pipeline (the enquiry form, POST /api/leads), then the success page.
 */
export default function RegisterInterestForm({ model }: { model: Model }) {
  const tenant = useTenant();
  return (
    <LeadFormSection
      title={`Register your interest in the ${model.full_name}`}
      intro={`The ${model.full_name} is coming soon. Leave your details and ${tenant.name} will let you know first when it arrives, with pricing and test-drive dates.`}
      config={{ form: 'enquiry', payload: registerInterestPayload(model) }}
    >
      <Fields model={model} />
    </LeadFormSection>
  );
}
