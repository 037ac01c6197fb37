import { useTenant } from '../../lib/tenant-context.tsx';
import styles from './claims.module.css';

/**
 * The dealer group's claims (spec §2: 50+ locations, 40+ brands, 30+ years…; tenant
 * `content.claims`) as a band of figures: on the home page (`light`, on the page's alternate
 * background) and on the dealer-group page /brands (`dark`, the group's secondary colour).
 * Nothing when the tenant has none.
 */
export function Claims({ tone, heading }: { tone: 'light' | 'dark'; heading: string }) {
  const tenant = useTenant();
  const claims = tenant.content.claims;
  if (claims.length === 0) return null;
  return (
    <section className={tone === 'dark' ? `${styles.dark} on-dark` : `section section--alt ${styles.light}`} aria-labelledby="claims-heading">
      <div className="container">
        <h2 id="claims-heading" className="visually-hidden">
          {heading}
        </h2>
        <ul className={styles.list}>
          {claims.map((claim) => (
            <li key={`${claim.value}-${claim.label}`} className={styles.claim}>
              <span className={styles.value}>{claim.value}</span>
              <span className={styles.label}>{claim.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
