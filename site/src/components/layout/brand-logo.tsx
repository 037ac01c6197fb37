import { brandPicture } from '../../domain/brand-directory.ts';
import styles from './brand-logo.module.css';

/**
 * A brand's logo (drawn by the platform from its own brand data: nothing is fetched from other
 * sites) in a fixed 2:1 box, so nothing shifts while it loads. Without a logo it is the
 * image-not-found placeholder (spec §8); the same placeholder sits behind the picture, so a
 * logo that fails to load leaves it showing instead of a broken image. The brand's name is
 * always written beside it, so the picture itself is decorative.
 */
export function BrandLogo({ logo, name, width = 80, lazy = true }: { logo: string | null | undefined; name: string; width?: number; lazy?: boolean }) {
  const picture = brandPicture(logo);
  const height = width / 2;
  if (picture.kind === 'placeholder') {
    return (
      <span className={`${styles.frame} ${styles.missing}`} style={{ width, height }} role="img" aria-label={`${name} logo not found`}>
        {width >= 120 ? <span className={styles.missingText} aria-hidden="true">Image not found</span> : null}
      </span>
    );
  }
  return (
    <span className={styles.frame} style={{ width, height }}>
      <img className={styles.img} src={picture.src} alt="" width={width} height={height} loading={lazy ? 'lazy' : 'eager'} decoding="async" />
    </span>
  );
}
