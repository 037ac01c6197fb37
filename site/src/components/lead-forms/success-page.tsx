import type { ReactNode } from 'react';
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

/**
 * What a shopper reads once a lead form is sent: the heading 'Thank you', what was sent, what
 * happens next, and `action` (where to go on). The /success page and a form's dialog both show it.
 */
export function SuccessMessage({ type, headingLevel, headingId, action }: { type?: string | undefined; headingLevel: 1 | 2; headingId?: string; action: ReactNode }) {
  const tenant = useTenant();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <Heading id={headingId} tabIndex={headingId ? -1 : undefined}>
        Thank you
      </Heading>
      <p>{(type && SENT[type]) ?? 'Your details have been sent.'}</p>
      <p>The {tenant.name} team will be in touch shortly.</p>
      <p>{action}</p>
    </>
  );
}

/** The success page (spec §2 /success) after a lead form: what happens next, and where to go. */
export function SuccessPage({ type }: { type?: string | undefined }) {
  const tenant = useTenant();
  return (
    <div className="container section">
      <div className={`card ${styles.formCard} ${styles.narrow} ${styles.center}`}>
        <SuccessMessage
          type={type}
          headingLevel={1}
          action={
            <AppLink href={defaultSearchPath(tenant)} className="btn btn--primary">
              Keep browsing
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
