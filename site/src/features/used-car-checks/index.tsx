import { trackEvent } from '../../lib/analytics.ts';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import type { UsedCarCheck } from '../../domain/used-car-checks.ts';
import styles from './used-car-checks.module.css';

/**
 * The used-car checks (spec §2, used cars only; features.usedCarChecks): each check with what
 * the dealer's records say, ticked when it passed. The history report check links the car's
 * report (a file on another site, in a new tab); opening it is analytics event 60 (spec §7).
 */
export default function UsedCarChecks({ checks, reportHref, carId }: { checks: UsedCarCheck[]; reportHref: string | null; carId: number }) {
  return (
    <ul className={styles.checks} data-testid="used-car-checks">
      {checks.map((check) => (
        <li key={check.id} className={check.passed ? styles.passed : styles.attention} data-check={check.id} data-passed={check.passed}>
          <span className={styles.mark} aria-hidden="true">
            {check.passed ? '✓' : '!'}
          </span>
          <span className="visually-hidden">{check.passed ? 'Checked: ' : 'Note: '}</span>
          <span className={styles.text}>
            <strong>{check.title}</strong>
            <span>
              {check.detail}
              {check.id === 'history' && reportHref ? (
                <>
                  {' '}
                  <a href={reportHref} target="_blank" rel="noopener" onClick={() => trackEvent(ANALYTICS_EVENTS.historyReport, { car_id: carId })}>
                    Car History Report<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </>
              ) : null}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
