import styles from '../form-kit/form-kit.module.css';

/**
 * Book a Service through the dealer's external booking page (spec §2 "an external booking page
 * on one variant"). Without a booking URL it says so with the spec's warning text
 * 'no xtime url found' (spec §8), so a misconfigured site is visible rather than silently broken.
 */
export function BookServiceLink({ url, label = 'Book a Service online' }: { url: string | null | undefined; label?: string }) {
  if (!url) {
    return (
      <p className={styles.warning} role="note">
        no xtime url found
      </p>
    );
  }
  return (
    <a href={url} className="btn btn--primary" target="_blank" rel="noopener">
      {label}
      <span className="visually-hidden"> (opens the booking page in a new tab)</span>
    </a>
  );
}
