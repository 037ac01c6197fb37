import { useState } from 'react';
import { ONLINE_PAYMENT_KINDS, OnlinePaymentRequestSchema, OnlinePaymentResponseSchema, type OnlinePaymentResponse } from '../../../../schema/api/online-payment.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form-kit/fields.tsx';
import type { FormEntries } from '../../components/form-kit/lead-form.tsx';
import styles from '../../components/form-kit/form-kit.module.css';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { ONLINE_PAYMENT_KIND_LABELS, onlinePaymentAmountIssue, parsePaymentAmount } from '../../domain/online-payment.ts';
import { formatMoney } from '../../../../schema/number-format.ts';
import type { LeadRuleIssue } from '../../../../schema/api/lead-rules.ts';
import { plainFieldIssues } from '../../../../schema/plain-issue.ts';

/** The payment's payload: what is paid, its reference and amount, the dealership and the payer. */
export function onlinePaymentPayload({ fields }: FormEntries): Record<string, unknown> {
  // A typed amount that is not dollars and cents is sent as its text: the check names the field.
  const amount = fields.amount ? (parsePaymentAmount(fields.amount) ?? fields.amount) : undefined;
  return {
    kind: fields.kind || undefined,
    reference: fields.reference?.trim(),
    amount,
    dealership_slug: fields.dealership_slug,
    name: fields.name?.trim(),
    phone: fields.phone?.trim(),
    message: fields.message?.trim(),
  };
}

/**
 * Pay an invoice or a deposit online (spec §2 /online-payment; signed in, spec §6): what is paid,
 * the invoice or stock number, the amount (from $1 to the tenant's limits.onlinePaymentMax), the
 * dealership. The server records it for the dealership and asks the payment provider for it; a
 * provider with a hosted payment page takes the shopper there, the embedded one records the
 * payment for the dealership to take (and says so). Only in bundles with features.onlinePayment on.
 */
export default function OnlinePayment({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const [paid, setPaid] = useState<OnlinePaymentResponse | null>(null);
  const max = tenant.limits.onlinePaymentMax;
  const dealerships = tenant.dealer.dealerships.map((d) => ({ value: d.slug, label: d.name }));

  const check = (payload: Record<string, unknown>): LeadRuleIssue[] => {
    const issues = plainFieldIssues(OnlinePaymentRequestSchema, payload);
    const amountIssue = typeof payload.amount === 'number' ? onlinePaymentAmountIssue(payload.amount, max) : null;
    return amountIssue ? [...issues, { path: 'amount', message: amountIssue }] : issues;
  };

  if (paid) {
    const dealership = dealerships.find((d) => d.value === (paid as OnlinePaymentResponse & { dealership?: string }).dealership)?.label;
    return (
      <section aria-labelledby="payment-done-title">
        <h1 id="payment-done-title">Payment recorded</h1>
        <p className={styles.offer}>
          {ONLINE_PAYMENT_KIND_LABELS[paid.kind]} {paid.reference}: <strong>{formatMoney(paid.amount, { cents: 'when-present' })}</strong>. Your payment reference is{' '}
          <strong>{paid.payment_reference}</strong>.
        </p>
        <p>
          {paid.payment.status === 'succeeded'
            ? 'Your payment has been taken. Thank you.'
            : `No card was charged online: the ${dealership ?? tenant.name} team will contact you to take this payment. Please quote your payment reference.`}
        </p>
      </section>
    );
  }
  return (
    <LeadFormSection
      title="Online Payment"
      headingLevel={headingLevel}
      intro={`Pay an invoice or a deposit agreed with ${tenant.name}. Payments from ${formatMoney(1)} to ${formatMoney(max)}.`}
      config={{
        form: 'online_payment',
        path: '/api/online-payments',
        payload: onlinePaymentPayload,
        check,
        onSent: (_answer, payload, body) => {
          const parsed = OnlinePaymentResponseSchema.safeParse(body);
          if (!parsed.success) return;
          // A provider with a hosted payment page takes the card there.
          if (parsed.data.payment.redirect_url) {
            window.location.assign(parsed.data.payment.redirect_url);
            return;
          }
          setPaid({ ...parsed.data, dealership: payload.dealership_slug } as OnlinePaymentResponse);
        },
      }}
    >
      <SelectField
        name="kind"
        label="What are you paying?"
        required
        placeholder="Please select"
        options={ONLINE_PAYMENT_KINDS.map((kind) => ({ value: kind, label: ONLINE_PAYMENT_KIND_LABELS[kind] }))}
      />
      <TextField name="reference" label="Invoice or stock number" required maxLength={40} />
      <TextField name="amount" label="Amount in dollars" required inputMode="decimal" hint="For example 1,234.50" maxLength={16} />
      <SelectField
        name="dealership_slug"
        label="Dealership"
        required
        placeholder={tenant.labels.dealershipPlaceholder}
        options={dealerships}
        defaultValue={dealerships.length === 1 ? dealerships[0]?.value : undefined}
      />
      <TextField name="name" label="Full name" required autoComplete="name" />
      <TextField name="phone" label="Mobile Number" type="tel" required autoComplete="tel" />
      <TextAreaField name="message" label={tenant.labels.commentsLabel} rows={3} />
      <div className={styles.external}>
        <p>This site takes no card details: your payment is recorded and the dealership takes it with you, or its payment page opens for your card.</p>
      </div>
      <SubmitButton>Make Payment</SubmitButton>
    </LeadFormSection>
  );
}
