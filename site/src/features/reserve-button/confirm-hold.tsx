import { useMutation } from '@tanstack/react-query';
import { getJson } from '../../api/http.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import styles from '../../components/form-kit/form-kit.module.css';
import { refusedText } from '../../components/form-kit/refused-text.ts';
import { useTokenOutOfAddress } from '../../components/auth/token-out-of-address.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { HOLD_CONFIRM_MINUTES } from '../../domain/reservation.ts';
import { HeldNotice } from './held-notice.tsx';

const reservationSchema = () => import('../../../../schema/api/vehicle.ts').then((module) => module.ReservationResponseSchema);

/**
 * The page a reservation's emailed link opens (sites that do not gate checkout). Confirming takes
 * a click, not just the visit: mail scanners open links on their own, and the link works once.
 * The car is then held, unless another shopper confirmed first.
 */
export default function ConfirmHold({ token: linkToken }: { token: string | undefined }) {
  const token = useTokenOutOfAddress(linkToken);
  const tenant = useTenant();
  const confirm = useMutation({
    mutationFn: (t: string) =>
      getJson('/api/reservations/confirm', reservationSchema, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: t }) }),
  });

  if (confirm.data) {
    return (
      <div className="container">
        <HeldNotice title={confirm.data.car_title ?? 'car'} until={confirm.data.held_until} deposit={confirm.data.deposit} />
        {confirm.data.car_slug ? <AppLink href={`/cars/${confirm.data.car_slug}`}>View the car</AppLink> : null}
      </div>
    );
  }
  return (
    <div className="container">
      <section aria-labelledby="confirm-hold-title">
        <h1 id="confirm-hold-title">Confirm your reservation</h1>
        {token ? (
          <>
            <p>
              Confirm to hold the car for {tenant.limits.reserveHoldHours} hours with a fully refundable deposit. The link works once, for {HOLD_CONFIRM_MINUTES} minutes
              after you asked; the first shopper to confirm gets the car.
            </p>
            {confirm.error ? (
              <p className={styles.destructive} role="alert">
                {refusedText(confirm.error, {})}
              </p>
            ) : null}
            <button type="button" className="btn btn--primary" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {confirm.isPending ? 'Confirming…' : 'Confirm my reservation'}
            </button>
          </>
        ) : (
          <p className={styles.destructive} role="alert">
            This link is incomplete. Please open the link in your email again, or reserve the car again to get a new one.
          </p>
        )}
      </section>
    </div>
  );
}
