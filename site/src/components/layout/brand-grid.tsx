import type { BrandLink } from '../../domain/navigation.ts';
import { AppLink } from '../app-link/app-link.tsx';
import styles from './site-header.module.css';

/**
 * The brand logo grid of the dealer-group menu, in the desktop mega-menu or the phone menu, and
 * a link to the brand directory where the tenant has one. Every make has a logo drawn by the
 * platform; one that fails to load leaves the image-not-found placeholder behind it showing
 * (the frame of brand-logo.module.css), so the header needs no code for it.
 */
export function BrandGrid({ brands, directoryHref, onNavigate }: { brands: BrandLink[]; directoryHref?: string | undefined; onNavigate?: () => void }) {
  const navigate = onNavigate ? { onClick: onNavigate } : {};
  return (
    <>
      <ul className={styles.brandGrid}>
        {brands.map((brand) => (
          <li key={brand.slug}>
            <AppLink href={brand.href} className={styles.brandTile} {...navigate}>
              <span className={styles.brandLogo}>
                <img src={brand.logo} alt="" width={64} height={32} loading="lazy" decoding="async" />
              </span>
              <span>{brand.make}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      {directoryHref ? (
        <p className={styles.brandDirectoryLink}>
          <AppLink href={directoryHref} {...navigate}>
            View all our brands
          </AppLink>
        </p>
      ) : null}
    </>
  );
}
