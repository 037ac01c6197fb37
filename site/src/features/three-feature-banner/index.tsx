import { AppLink } from '../../components/app-link/app-link.tsx';
import type { FeatureTile } from '../../domain/three-feature-banner.ts';
import styles from './three-feature-banner.module.css';

/**
 * The three-feature banner (spec §2: latest offers, book your service online, sell your car;
 * features.threeFeatureBanner): a tile per page the tenant has.
 */
export default function ThreeFeatureBanner({ tiles }: { tiles: FeatureTile[] }) {
  return (
    <ul className={styles.banner} data-testid="three-feature-banner" aria-label="More from us">
      {tiles.map((tile) => (
        <li key={tile.id} className={styles.tile}>
          <h2 className={styles.title}>{tile.title}</h2>
          <p className={styles.text}>{tile.text}</p>
          {tile.external ? (
            <a className={styles.link} href={tile.href} target="_blank" rel="noopener noreferrer">
              {tile.cta}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <AppLink className={styles.link} href={tile.href}>
              {tile.cta}
            </AppLink>
          )}
        </li>
      ))}
    </ul>
  );
}
