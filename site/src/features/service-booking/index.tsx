import type { FormCar } from '../../api/leads/form-car.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useServices } from '../../lib/use-services.ts';
import { CheckboxField, ContactFields, FieldRow, SubmitButton, TermsBlock, TextAreaField, TextField, MarketingOptInField } from '../../components/form-kit/fields.tsx';
import { KmField } from '../../components/form-kit/number-fields.tsx';
import { DealershipPicker } from '../../components/form-kit/dealership-picker.tsx';
import { termsEntry, type FormEntries } from '../../components/form-kit/lead-form.tsx';
import styles from '../../components/form-kit/form-kit.module.css';
import { BookServiceLink } from '../../components/lead-forms/book-service-link.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { formatKm, parseKm } from '../../domain/form-inputs.ts';

/** Services offered as check options; ticked ones go to additional_services (spec §5). */
const SERVICES = ['Logbook service', 'Brakes', 'Tyres', 'Wheel alignment', 'Air conditioning', 'Battery', 'Other repairs'] as const;

/** The service booking payload: the enquiry fields, category Service Booking, the car and preferred date. */
export function servicePayload({ fields }: FormEntries): Record<string, unknown> {
  const km = fields.km ? parseKm(fields.km) : null;
  const vehicle = [fields['Vehicle Year'], fields['Vehicle Make'], fields['Vehicle Model']].filter(Boolean).join(' ');
  return {
    category: 'Service Booking',
    name: fields.name?.trim(),
    last_name: fields.last_name?.trim(),
    email: fields.email?.trim(),
    phone: fields.phone?.trim(),
    postcode: fields.postcode?.trim(),
    Rego: fields.Rego?.trim(),
    'Vehicle Make': fields['Vehicle Make']?.trim(),
    'Vehicle Model': fields['Vehicle Model']?.trim(),
    date: fields.date,
    // The odometer and year travel in the message: the dealer's service desk reads them there.
    message: [fields.message?.trim(), vehicle && `Vehicle: ${vehicle}`, km !== null && `Odometer: ${formatKm(km)}`].filter(Boolean).join('\n'),
    dealership_slug: fields.dealership_slug,
    location: fields.location,
    opt_in: fields.opt_in === 'on',
    ...termsEntry(fields),
  };
}

/**
 * Service booking (spec §2 /service, #service-booking): the workshop, the car, the services
 * wanted (additional_services) and a preferred date. Where the dealer books services on an
 * external page (routes.serviceBookingUrl) that page is offered first. Only in bundles with
 * features.serviceBooking on.
 */
export default function ServiceBookingForm({ car, headingLevel = 2 }: { car?: FormCar | null; headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  // The render's clock (the request's time on the server), so server and browser agree.
  const today = new Date(useServices().now()).toISOString().slice(0, 10);
  const external = tenant.routes.serviceBookingUrl;
  return (
    <div id="service-booking">
      <LeadFormSection title="Book a Service" car={car} headingLevel={headingLevel} config={{ form: 'service', car, payload: servicePayload }}>
        {external ? (
          <div className={styles.external}>
            <p>Pick a time in our online booking system, or send us your details below and we will call you.</p>
            <BookServiceLink url={external} />
          </div>
        ) : null}
        <DealershipPicker department="service" />
        <ContactFields postcodeRequired={false} />
        <FieldRow>
          <TextField name="Vehicle Make" label="Vehicle make" autoComplete="off" />
          <TextField name="Vehicle Model" label="Vehicle model" autoComplete="off" />
          <TextField name="Vehicle Year" label="Vehicle year" inputMode="numeric" maxLength={4} />
          <TextField name="Rego" label="Rego" placeholder={tenant.labels.regoPlaceholder} maxLength={20} />
        </FieldRow>
        <FieldRow>
          <KmField name="km" label="Odometer" />
          <TextField name="date" label="Preferred date" type="date" min={today} />
        </FieldRow>
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>What does your car need?</legend>
          {SERVICES.map((service) => (
            <CheckboxField key={service} name={`${service.toLowerCase().replace(/\s+/g, '-')}-check-option`} label={service} value={service} />
          ))}
        </fieldset>
        <TextAreaField name="message" label={tenant.labels.commentsLabel} required={__FEATURE_ENQUIRY_COMMENTS_REQUIRED__} rows={3} />
        <MarketingOptInField tenant={tenant} />
        <TermsBlock />
        <SubmitButton>Request a Booking</SubmitButton>
      </LeadFormSection>
    </div>
  );
}
