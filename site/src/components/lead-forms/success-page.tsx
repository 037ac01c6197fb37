import { useTenant } from '../../lib/tenant-context.tsx';
import { defaultSearchPath } from '../../lib/navigation.ts';
import { AppLink } from '../app-link/app-link.tsx';
import styles from '../form-kit/form-kit.module.css';

const SENT: Record<string, string> = {
  enquiry: 'Your enquiry has been sent.',
  test_drive: 'Your test drive request has been sent.',
  finance: 'Your finance enquiry has been sent.',
  service: 'Your service booking request has been sent.',
  parts: 'Your parts order has been sent.',
  request_photos: 'Your photo request has been sent.',
  valuation: 'Your valuation request has been sent.',
  trade_in: 'Your trade-in details have been sent.',
};

/** The success page (spec §2 /success) after a lead form: what happens next, and where to go. */
export function SuccessPage({ type }: { type?: string | undefined }) {
  const tenant = useTenant();
  return (
    <div className="container section">
      <div className={`card ${styles.formCard} ${styles.narrow} ${styles.center}`}>
        <h1>Thank you</h1>
        <p>{(type && SENT[type]) ?? 'Your details have been sent.'}</p>
        <p>The {tenant.name} team will be in touch shortly.</p>
        <p>
          <AppLink href={defaultSearchPath(tenant)} className="btn btn--primary">
            Keep browsing
          </AppLink>
        </p>
      </div>
    </div>
  );
}
