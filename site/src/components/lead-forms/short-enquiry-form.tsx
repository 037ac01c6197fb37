import { ContactFields, RadioGroupField, SubmitButton } from '../form-kit/fields.tsx';
import { DealershipPicker } from '../form-kit/dealership-picker.tsx';
import type { FormEntries } from '../form-kit/lead-form.tsx';
import { LeadFormSection } from './lead-form-section.tsx';

/** The trade-in question of the short enquiry form (spec §3 do-you-have-a-trade-in). */
export const TRADE_IN_QUESTION = 'Do you have a trade-in?';

/** The short enquiry payload of spec §3: contact details, the trade-in answer and the hidden field. */
export function shortEnquiryPayload({ fields }: FormEntries): Record<string, unknown> {
  const tradeIn = fields['do-you-have-a-trade-in'];
  return {
    name: fields.name?.trim(),
    last_name: fields.last_name?.trim(),
    email: fields.email?.trim(),
    phone: fields.phone?.trim(),
    postcode: fields.postcode?.trim(),
    'do-you-have-a-trade-in': tradeIn === 'Yes' || tradeIn === 'No' ? tradeIn : undefined,
    message: fields.message?.trim() || undefined,
    dealership_slug: fields.dealership_slug,
    location: fields.location,
  };
}

/**
 * The short enquiry form (spec §3): First Name, last name, postcode, Mobile Number, email, a
 * hidden field (`context`: what the shopper was looking at, sent as the lead's message) and
 * 'Do you have a trade-in?' (Yes/No). The dealership picker where the site has several (spec §5).
 * Same engine and rules as every lead form (postcode required, email or phone).
 */
export default function ShortEnquiryForm({ title, intro, context }: { title: string; intro: string; context: string }) {
  return (
    <LeadFormSection title={title} intro={intro} config={{ form: 'short_enquiry', payload: shortEnquiryPayload }}>
      <input type="hidden" name="message" value={context} />
      <DealershipPicker department="sales" />
      <ContactFields />
      <RadioGroupField name="do-you-have-a-trade-in" label={TRADE_IN_QUESTION} options={['Yes', 'No']} defaultValue="No" />
      <SubmitButton>Send</SubmitButton>
    </LeadFormSection>
  );
}
