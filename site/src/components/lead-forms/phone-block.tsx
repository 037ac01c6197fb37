import { useEffect, useState } from 'react';
import { trackEvent } from '../../app/analytics.ts';
import { useTenant } from '../../app/tenant-context.tsx';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import styles from '../form-kit/form-kit.module.css';

/** What a phone reveal tells the dealer (spec §7 lead tracking: car_id, dealership_id, website_id). */
export interface PhoneRevealContext {
  carId?: number | undefined;
  dealershipId?: number | undefined;
}

function trackReveal(context: PhoneRevealContext) {
  // Lead tracking: only logged on failure (spec §8 "console only").
  fetch('/api/leads/phone-reveal', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ car_id: context.carId, dealership_id: context.dealershipId }),
  }).catch((error: unknown) => console.warn('Phone reveal tracking failed', error));
}

/**
 * The phone block (spec §4): the dealer's number behind a click (or shown at once where the
 * tenant says so, features.phoneRevealedByDefault); revealing fires the lead-tracking call and
 * analytics event 25, as does calling. Without a number it reads the tenant's 'Call the
 * dealer' text and warns in the console (spec §8).
 */
export function PhoneBlock({ phone, carId, dealershipId }: { phone: string | null | undefined } & PhoneRevealContext) {
  const tenant = useTenant();
  const [revealed, setRevealed] = useState(__FEATURE_PHONE_REVEALED_BY_DEFAULT__);
  useEffect(() => {
    if (!phone) console.warn('No phone for car', carId);
  }, [phone, carId]);
  if (!phone) {
    return <p className={styles.phone}>{tenant.labels.callTheDealer}</p>;
  }
  const reveal = () => {
    setRevealed(true);
    trackReveal({ carId, dealershipId });
    trackEvent(ANALYTICS_EVENTS.phoneClick, { car_id: carId, action: 'reveal' });
  };
  return (
    <p className={styles.phone}>
      {revealed ? (
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} onClick={() => trackEvent(ANALYTICS_EVENTS.phoneClick, { car_id: carId, action: 'call' })}>
          {tenant.labels.callTheDealer}: {phone}
        </a>
      ) : (
        <button type="button" className="btn btn--outline" onClick={reveal}>
          {tenant.labels.callTheDealer}: Show number
        </button>
      )}
    </p>
  );
}
