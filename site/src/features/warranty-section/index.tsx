import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import styles from './warranty-section.module.css';

const ICONS = [
  // shield (warranty), spanner (servicing), road (roadside)
  'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5l8-3z',
  'M14.7 6.3a4 4 0 00-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 005.4-5.4l-2.5 2.5-2.1-.6-.6-2.1 2.5-2.5z',
  'M9 2l-4 20h4l.5-3h5l.5 3h4L15 2H9zm1.5 5h3l.5 4h-4l.5-4z',
];

const LINKS = ['/pages/warranty', '/pages/capped-price-service', '/pages/roadside-assistance'];

/**
 * The 7-year warranty section (spec §2: "7-year unlimited-kilometre warranty, 7-year
 * capped-price servicing, up to 7 years roadside assistance"), items from
 * content.warrantySection. Only in bundles with features.warrantySection on.
 */
export default function WarrantySection() {
  const tenant = useTenant();
  const items = tenant.content.warrantySection;
  return (
    <section className={`section ${styles.section}`} aria-labelledby="warranty-heading">
      <div className="container">
        <div className="section-head">
          <div>
            <span className={styles.eyebrow}>Peace of mind</span>
            <h2 id="warranty-heading">Driving confidence, built in</h2>
          </div>
          <AppLink href="/warranty" className="btn btn--on-dark">
            About our warranty
          </AppLink>
        </div>
        <ul className={styles.items}>
          {items.map((item, index) => (
            <li key={item} className={styles.item}>
              <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
                <path d={ICONS[index % ICONS.length]} fill="currentColor" />
              </svg>
              <p className={styles.text}>{item.charAt(0).toUpperCase() + item.slice(1)}</p>
              <AppLink href={LINKS[index] ?? '/warranty'} className={styles.more}>
                Learn more<span className="visually-hidden"> about {item}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
