import type { FormCar } from '../../api/leads/form-car.ts';
import type { LeadFormPrefill } from '../../components/lead-forms/lead-form-props.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { ContactFields, SubmitButton, TermsBlock, TextAreaField, MarketingOptInField } from '../../components/form-kit/fields.tsx';
import { MoneyField } from '../../components/form-kit/number-fields.tsx';
import { DealershipPicker } from '../../components/form-kit/dealership-picker.tsx';
import { termsEntry, type FormEntries } from '../../components/form-kit/lead-form.tsx';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { parseMoney } from '../../domain/form-inputs.ts';

/** The finance enquiry payload: the enquiry fields, category Finance Enquiry, the amount to borrow. */
export function financePayload({ fields }: FormEntries): Record<string, unknown> {
  return {
    category: 'Finance Enquiry',
    name: fields.name?.trim(),
    last_name: fields.last_name?.trim(),
    email: fields.email?.trim(),
    phone: fields.phone?.trim(),
    postcode: fields.postcode?.trim(),
    message: fields.message?.trim(),
    finance_amount: fields.finance_amount ? (parseMoney(fields.finance_amount) ?? undefined) : undefined,
    dealership_slug: fields.dealership_slug,
    location: fields.location,
    opt_in: fields.opt_in === 'on',
    ...termsEntry(fields),
  };
}

/**
 * Finance enquiry (spec §2 /finance, /finance-enquiry, /apply-for-finance,
 * /personalised/finance?car_id=): the amount to borrow as a money input (spec §5: $ with
 * separators and quick picks), the shopper's details and Comments. A finance link lands on it
 * (#finance-form) with its dealership and budget filled in, else the car's price. Fires event 9
 * after submit (Finance Enquiry). Only in bundles with features.financeEnquiry on.
 */
export default function FinanceEnquiryForm({ car, headingLevel = 2, prefill }: { car?: FormCar | null; headingLevel?: 1 | 2; prefill?: LeadFormPrefill | undefined }) {
  const tenant = useTenant();
  const amount = prefill?.amount ?? (car && car.price > 0 ? car.price : undefined);
  return (
    <LeadFormSection
      title="Finance Enquiry"
      intro={`Tell us what you would like to borrow and a ${tenant.name} finance specialist will call you with options.`}
      car={car}
      headingLevel={headingLevel}
      anchor="finance-form"
      config={{ form: 'finance', car, payload: financePayload }}
    >
      <DealershipPicker department="sales" defaultDealership={prefill?.dealership} />
      <MoneyField name="finance_amount" label="How much would you like to borrow?" defaultAmount={amount} />
      <ContactFields />
      <TextAreaField name="message" label={tenant.labels.commentsLabel} required={__FEATURE_ENQUIRY_COMMENTS_REQUIRED__} rows={3} />
      <MarketingOptInField tenant={tenant} />
      <TermsBlock />
      <SubmitButton>Send Finance Enquiry</SubmitButton>
    </LeadFormSection>
  );
}
