import { useScrollPast } from '../../app/use-scroll-past.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import type { CtaLink as Cta } from '../../domain/vehicle-offer.ts';
import styles from './sticky-car-header.module.css';

/** The sticky car header: title, price and one call to action, shown from `offset` px of scroll (spec §4: 500). */
export default function StickyCarHeader({ title, priceText, cta, offset }: { title: string; priceText: string; cta: Cta | null; offset: number }) {
  const visible = useScrollPast(offset);
  return (
    <div className={styles.stickyHeader} data-visible={visible} data-testid="sticky-header" aria-hidden={!visible} inert={!visible}>
      <div className={styles.stickyInner}>
        <p className={styles.stickyTitle}>{title}</p>
        <p className={styles.stickyPrice}>{priceText}</p>
        {cta ? (
          cta.internal ? (
            <AppLink className={styles.cta} href={cta.href}>
              {cta.label}
            </AppLink>
          ) : (
            <a className={styles.cta} href={cta.href}>
              {cta.label}
            </a>
          )
        ) : null}
      </div>
    </div>
  );
}
