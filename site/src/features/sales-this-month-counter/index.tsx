import { useEffect, useState } from 'react';
import { useTenant } from '../../lib/tenant-context.tsx';
import { SALES_COUNTER_REFRESH_MS, salesThisMonth } from '../../domain/sales-this-month.ts';
import styles from './sales-this-month-counter.module.css';
import { formatNumber } from '../../../../schema/number-format.ts';

/**
 * "Cars sold this month" figure (spec §9: 192 per day elapsed plus one per 450 seconds,
 * refreshed every 150 seconds, Brisbane time — rates and refresh from `limits`, zone from
 * `timeZone`). Only in bundles with features.salesThisMonthCounter on.
 */
export default function SalesThisMonthCounter({ now }: { now?: Date }) {
  const tenant = useTenant();
  const limits = tenant.limits;
  const rates = { perDay: limits.salesPerDay, secondsPerExtra: limits.salesSecondsPerExtra };
  const refreshMs = limits.salesRefreshSeconds ? limits.salesRefreshSeconds * 1000 : SALES_COUNTER_REFRESH_MS;
  // First figure from the page's clock (the server's, on a server render), so hydration agrees;
  // the timer moves it on from the browser's clock.
  const [count, setCount] = useState(() => salesThisMonth(now ?? new Date(), tenant.timeZone, rates));

  useEffect(() => {
    const timer = window.setInterval(() => setCount(salesThisMonth(new Date(), tenant.timeZone, rates)), refreshMs);
    return () => window.clearInterval(timer);
    // rates are plain numbers from config; re-create the timer only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tenant.timeZone, rates.perDay, rates.secondsPerExtra, refreshMs]);

  return (
    <section className={styles.counter} aria-labelledby="sales-counter-heading">
      <div className={`container ${styles.inner}`}>
        <p className={styles.figure}>{formatNumber(count)}</p>
        <h2 id="sales-counter-heading" className={styles.label}>
          cars sold this month by {tenant.name}
        </h2>
      </div>
    </section>
  );
}
