import { Link } from '@tanstack/react-router';
import { useTenant } from '../../lib/tenant-context.tsx';
import styles from './site-logo.module.css';

/**
 * The site logo linking home. Uses the tenant's logo image (with its intrinsic width and
 * height, so it never shifts layout) or, without one, the site name as a wordmark.
 */
export function SiteLogo({ tone = 'default' }: { tone?: 'default' | 'inverse' }) {
  const tenant = useTenant();
  const logo = tenant.theme.logo;
  return (
    <Link to="/" className={tone === 'inverse' ? styles.inverse : styles.logo} aria-label={`${tenant.name} home`}>
      {logo ? (
        <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} className={styles.image} />
      ) : (
        <span className={styles.wordmark}>{tenant.name}</span>
      )}
    </Link>
  );
}
