import { useEffect, useState } from 'react';
import { useScrollPast } from '../../lib/use-scroll-past.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import type { CtaLink as Cta } from '../../domain/vehicle-offer.ts';
import styles from './sticky-car-header.module.css';
import { PhoneLink } from '../../components/phone/phone-link.tsx';

/** The sticky car header: title, price and one call to action, shown from `offset` px of scroll (spec §4: 500). */
export default function StickyCarHeader({ title, priceText, cta, offset }: { title: string; priceText: string; cta: Cta | null; offset: number }) {
  const visible = useScrollPast(offset);
  const cover = useSiteHeaderHeight(visible);
  return (
    <div className={styles.stickyHeader} style={cover ? { minHeight: cover } : undefined} data-visible={visible} data-testid="sticky-header" aria-hidden={!visible} inert={!visible}>
      <div className={styles.stickyInner}>
        <p className={styles.stickyTitle}>{title}</p>
        <p className={styles.stickyPrice}>{priceText}</p>
        {cta ? (
          cta.phone ? (
            <PhoneLink className={styles.cta} phone={cta.phone.number} context={{ carId: cta.phone.carId, dealershipId: cta.phone.dealershipId, placement: 'vehicle' }}>
              {cta.label}
            </PhoneLink>
          ) : cta.internal ? (
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

/**
 * The site header's height while `active`. The car header slides in over the site header (both
 * stick to the top) and is at least as tall, so no strip of the site header's buttons shows under
 * it; the site header's height depends on the tenant's logo, menu and notices, and on the width.
 */
function useSiteHeaderHeight(active: boolean): number | undefined {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    const site = document.querySelector<HTMLElement>('header[data-site-header]');
    if (!site) return;
    const measure = () => setHeight(Math.ceil(site.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(site);
    return () => observer.disconnect();
  }, [active]);
  return height;
}
