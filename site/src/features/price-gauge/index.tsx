import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { priceComparisonQueryOptions } from '../../api/cars/price-comparison.ts';
import { acceptComparison, countUpValue, displayedFill, gaugeBand, gaugeLabel, GAUGE_COUNT_UP_MS } from '../../domain/price-gauge.ts';
import { formatMoney } from '../../../../schema/number-format.ts';
import styles from './price-gauge.module.css';

/**
 * The count-up of spec §9 (2 s) when `animate`, straight to the value when the shopper prefers
 * less motion. Not animated on the server, nor when the figures came with the page.
 */
function useCountUp(target: number, animate: boolean): number {
  // Read only in the browser: a gauge rendered on the server is never animated.
  const [counting] = useState(() => animate && !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [value, setValue] = useState(counting ? 0 : target);
  useEffect(() => {
    if (!counting) return undefined;
    const start = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const elapsed = now - start;
      setValue(countUpValue(target, elapsed));
      if (elapsed < GAUGE_COUNT_UP_MS) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, counting]);
  return counting ? value : target;
}

/**
 * The price-comparison gauge (spec §4, §9): a skeleton while the market data loads, then the
 * gauge; nothing at all when the call fails ('Failed to fetch auto gauge data' is logged) or the
 * result is not acceptable (confidence 0.2 or below, a missing value, market max below price).
 * The server usually has the data already (the vehicle route's loader waits briefly for it), so
 * the page arrives with the gauge at rest and nothing moves; the skeleton and the count-up play
 * when the data arrive in the browser (a car opened from the search page, a slow provider).
 */
export default function PriceGauge({ slug }: { slug: string }) {
  const query = useQuery(priceComparisonQueryOptions(slug));
  // Whether the figures were here when the gauge first rendered (server, hydration, cache).
  const [arrivedWithPage] = useState(query.isSuccess);
  if (query.isPending) {
    return (
      <section className={styles.gauge} aria-label="Price comparison" aria-busy="true" data-testid="price-gauge-skeleton">
        {/* The gauge's rows (heading, bar, price, range, two lines of description), so it takes the gauge's room. */}
        <div className={styles.skeletonLine} />
        <div className={styles.skeletonBar} />
        <div className={`${styles.skeletonLine} ${styles.skeletonPrice}`} />
        <div className={styles.skeletonLine} />
        <div className={`${styles.skeletonLine} ${styles.skeletonText}`} />
        <div className={`${styles.skeletonLine} ${styles.skeletonText}`} />
      </section>
    );
  }
  const result = query.data ? acceptComparison(query.data) : null;
  if (!result) return null;
  return <Gauge {...result} animate={!arrivedWithPage} />;
}

function Gauge({ fill, listingPrice, marketMin, marketMax, description, animate }: { fill: number; listingPrice: number; marketMin: number; marketMax: number; description: string; animate: boolean }) {
  const shown = displayedFill(fill);
  const price = useCountUp(listingPrice, animate);
  // The bar grows with the count-up and settles at the fill (at least 20%).
  const band = gaugeBand(shown);
  return (
    <section className={styles.gauge} aria-labelledby="price-gauge-title" data-testid="price-gauge">
      <div className={styles.head}>
        <h2 id="price-gauge-title" className={styles.title}>
          Price comparison
        </h2>
        <span className={`${styles.label} ${styles[band]}`} data-testid="price-gauge-label">
          {gaugeLabel(shown)}
        </span>
      </div>
      <div className={styles.track} role="meter" aria-label="Deal rating" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(shown * 100)} aria-valuetext={`${gaugeLabel(shown)}: ${Math.round(shown * 100)}%`}>
        <div className={`${styles.fill} ${styles[band]}`} style={{ inlineSize: `${shown * (listingPrice > 0 ? price / listingPrice : 1) * 100}%` }} data-band={band} />
      </div>
      <p className={styles.price}>
        <span aria-hidden="true">{formatMoney(price)}</span>
        <span className="visually-hidden">{formatMoney(listingPrice)}</span>
        <span className={styles.muted}> listed price</span>
      </p>
      <p className={styles.range}>
        Market range {formatMoney(marketMin)} – {formatMoney(marketMax)}
      </p>
      <p className={styles.description}>{description}</p>
    </section>
  );
}
