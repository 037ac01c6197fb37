import { useState } from 'react';
import { ProvisionalHoldResponseSchema, ReservationResponseSchema } from '../../../../schema/api/vehicle.ts';
import { useMe } from '../../api/auth/me.ts';
import type { FormCar } from '../../api/leads/form-car.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { SubmitButton, TextField } from '../../components/form-kit/fields.tsx';
import type { FormEntries } from '../../components/form-kit/lead-form.tsx';
import styles from '../../components/form-kit/form-kit.module.css';
import { LeadFormSection } from '../../components/lead-forms/lead-form-section.tsx';
import { canReserve, HOLD_CONFIRM_MINUTES } from '../../domain/reservation.ts';
import { reserveDeposit } from '../../domain/vehicle-offer.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { formatMoney } from '../../../../schema/number-format.ts';
import { CheckEmailNotice, HeldNotice } from './held-notice.tsx';

/** The reservation payload (the server holds the car and records the deposit's payment intent). */
export function reservePayload({ fields }: FormEntries): Record<string, unknown> {
  return { name: fields.name?.trim(), email: fields.email?.trim(), phone: fields.phone?.trim() };
}

/**
 * Reserve a car online (spec §2 /cars/{slug}/checkout, or /buy-online on that variant): the
 * deposit (the car's own value, else $200), held 48 hours, fully refundable (spec §9). The
 * server records the reservation, marks the car reserved everywhere and records the deposit's
 * payment intent through its payment interface (the embedded provider charges nothing).
 * Only in bundles with features.reserveButton on. Where the tenant gates checkout the route sends
 * signed-out shoppers to sign-in; elsewhere a signed-out shopper's request emails a link, and the
 * car is held once it is opened (the server's provisional hold).
 */
export default function ReserveCar({ car, headingLevel = 2 }: { car?: FormCar | null; headingLevel?: 1 | 2 }) {
  const tenant = useTenant();
  const [held, setHeld] = useState<{ until: string; deposit: number } | null>(null);
  const [emailed, setEmailed] = useState<{ email: string; confirmBy: string } | null>(null);
  const me = useMe();
  if (!car) return null;
  // Without an account the hold starts from the emailed link (sites that do not gate checkout).
  const byLink = !__FEATURE_GATED_CHECKOUT__ && !me.data?.user;
  const deposit = reserveDeposit(car.reserve_deposit, tenant.limits.reserveDepositFallback);
  const hours = tenant.limits.reserveHoldHours;
  const title = vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
  const reservable = canReserve(car, { features: { reserveButton: __FEATURE_RESERVE_BUTTON__ } });

  if (held) return <HeldNotice title={title} until={held.until} deposit={held.deposit} />;
  if (emailed) return <CheckEmailNotice title={title} email={emailed.email} confirmBy={emailed.confirmBy} hours={hours} />;
  if (!reservable) {
    return (
      <section aria-labelledby="reserve-title">
        <h1 id="reserve-title">{tenant.labels.reserveCarNow}</h1>
        <p className={styles.warning}>This car cannot be reserved online: it is already reserved, sold or not yet in stock.</p>
      </section>
    );
  }
  return (
    <LeadFormSection
      title={`${tenant.labels.reserveCarNow}: ${title}`}
      headingLevel={headingLevel}
      car={car}
      intro={`Hold this car for ${hours} hours with a fully refundable deposit of ${formatMoney(deposit)}.`}
      config={{
        form: 'reserve',
        car,
        path: '/api/reservations',
        payload: reservePayload,
        onSent: (_answer, _payload, body) => {
          const parsed = ReservationResponseSchema.safeParse(body);
          const asked = ProvisionalHoldResponseSchema.safeParse(body);
          if (parsed.success) setHeld({ until: parsed.data.held_until, deposit: parsed.data.deposit });
          else if (asked.success) setEmailed({ email: asked.data.email, confirmBy: asked.data.confirm_by });
        },
      }}
    >
      <TextField name="name" label="Full name" required autoComplete="name" />
      <TextField name="email" label="Email" type="email" required autoComplete="email" />
      <TextField name="phone" label="Mobile Number" type="tel" required autoComplete="tel" />
      <div className={styles.external}>
        <p>
          <strong>Deposit {formatMoney(deposit)}</strong> · held {hours} hours · fully refundable
        </p>
        <p>Payment: this site takes no card details. Your reservation is recorded and the dealer takes the deposit with you directly.</p>
        {byLink ? (
          <p>
            We will email you a link to confirm. The car is held for you once you open it, within {HOLD_CONFIRM_MINUTES} minutes, if no other shopper has
            confirmed first.
          </p>
        ) : null}
      </div>
      <SubmitButton>{tenant.labels.reserveCarNow}</SubmitButton>
    </LeadFormSection>
  );
}
