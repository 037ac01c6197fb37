import type { FormCar } from '../../api/leads/form-car.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ContactFields, SubmitButton, TextAreaField } from '../../components/form-kit/fields.tsx';
import type { FormEntries } from '../../components/form-kit/lead-form.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';

/**
 * Request photos of a car (spec §5: hidden default text 'Please send photos for this car'
 * (the tenant's label), optional message). Embeddable on the vehicle page; also the page
 * /request-photos?car_id=. Only in bundles with features.requestPhotos on.
 */
export default function RequestPhotosForm({ car, headingLevel = 2 }: { car?: FormCar | null; headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const payload = ({ fields }: FormEntries): Record<string, unknown> => ({
    category: 'Request Photos',
    name: fields.name?.trim(),
    last_name: fields.last_name?.trim(),
    email: fields.email?.trim(),
    phone: fields.phone?.trim(),
    postcode: fields.postcode?.trim(),
    message: [tenant.labels.requestPhotosDefault, fields.message?.trim()].filter(Boolean).join('\n\n'),
  });
  return (
    <LeadFormSection title="Request Photos" intro="We will send you more photos of this car." car={car} headingLevel={headingLevel} config={{ form: 'request_photos', car, payload }}>
      <ContactFields postcodeRequired={false} />
      <TextAreaField name="message" label="Anything in particular you would like to see?" rows={3} />
      <SubmitButton>Request Photos</SubmitButton>
    </LeadFormSection>
  );
}
