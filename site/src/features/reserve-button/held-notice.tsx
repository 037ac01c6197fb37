import { formatMoney } from '../../../../schema/number-format.ts';
import { timeZoneName, zonedDateTimeText } from '../../../../schema/zoned-time.ts';
import styles from '../../components/form-kit/form-kit.module.css';
import { useTenant } from '../../lib/tenant-context.tsx';

/**
 * What a shopper reads once their car is held: until when on the dealer's own clock, and the
 * deposit. The reserve page (signed in) and the page an emailed link opens show the same.
 */
export function HeldNotice({ title, until, deposit }: { title: string; until: string; deposit: number }) {
  const tenant = useTenant();
  return (
    <section aria-labelledby="reserved-title">
      <h1 id="reserved-title">{tenant.labels.reserved}</h1>
      <p className={styles.offer}>
        Your {title} is held for you until <strong>{zonedDateTimeText(new Date(until), tenant.timeZone)}</strong> ({timeZoneName(tenant.timeZone)}).
      </p>
      <p>
        Deposit {formatMoney(deposit)}, fully refundable. No card was charged online: the {tenant.name} team will call you to take the deposit and arrange your visit.
      </p>
    </section>
  );
}

/**
 * What a shopper reads after asking to reserve without signing in: the emailed link, by when to
 * open it, and that the car is not held until then.
 */
export function CheckEmailNotice({ title, email, confirmBy, hours }: { title: string; email: string; confirmBy: string; hours: number }) {
  const tenant = useTenant();
  return (
    <section aria-labelledby="check-email-title">
      <h1 id="check-email-title">Check your email</h1>
      <p className={styles.offer}>
        We have sent a link to <strong>{email}</strong>. Open it and confirm by <strong>{zonedDateTimeText(new Date(confirmBy), tenant.timeZone)}</strong> (
        {timeZoneName(tenant.timeZone)}) to hold your {title} for {hours} hours.
      </p>
      <p className={styles.warning}>Until you confirm, the car is not held: if another shopper confirms a reservation first, it goes to them.</p>
    </section>
  );
}
