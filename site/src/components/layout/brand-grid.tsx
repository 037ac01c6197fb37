import type { BrandLink } from '../../domain/navigation.ts';
import { AppLink } from '../app-link/app-link.tsx';
import { BrandBadge } from './brand-badge.tsx';
import styles from './site-header.module.css';

/** The brand logo grid of the dealer-group menu, in the desktop mega-menu or the phone menu. */
export function BrandGrid({ brands, onNavigate }: { brands: BrandLink[]; onNavigate?: () => void }) {
  return (
    <ul className={styles.brandGrid}>
      {brands.map((brand) => {
        return (
          <li key={brand.slug}>
            <AppLink href={brand.href} className={styles.brandTile} {...(onNavigate ? { onClick: onNavigate } : {})}>
              <BrandBadge make={brand.make} />
              <span>{brand.make}</span>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
