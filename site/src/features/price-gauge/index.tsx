import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PriceComparisonSchema } from '../../../../schema/api/vehicle.ts';
import { getJson } from '../../api/http.ts';
import { acceptComparison, countUpValue, displayedFill, gaugeBand, gaugeLabel, GAUGE_COUNT_UP_MS } from '../../domain/price-gauge.ts';
import { formatMoney } from '../../domain/price-display.ts';
import styles from './price-gauge.module.css';

/** The count-up of spec §9 (2 s), straight to the value when the shopper prefers less motion. */
function useCountUp(target: number): number {
  // The gauge renders only in the browser (its data is fetched there), so matchMedia is safe here.
  const [reduced] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [value, setValue] = useState(reduced ? target : 0);
  useEffect(() => {
    if (reduced) return undefined;
    const start = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const elapsed = now - start;
      setValue(countUpValue(target, elapsed));
      if (elapsed < GAUGE_COUNT_UP_MS) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, reduced]);
  return reduced ? target : value;
}

/**
 * The price-comparison gauge (spec §4, §9): a skeleton while the market data loads, then the
 * gauge; nothing at all when the call fails ('Failed to fetch auto gauge data' is logged) or the
 * result is not acceptable (confidence 0.2 or below, a missing value, market max below price).
 * Loaded after the first paint: the page never waits for it.
 */
export default function PriceGauge({ slug }: { slug: string }) {
  const query = useQuery({
    queryKey: ['cars', 'autogauge', slug],
    queryFn: () => getJson(`/api/cars/${encodeURIComponent(slug)}/autogauge`, PriceComparisonSchema),
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.isError) console.warn('Failed to fetch auto gauge data', query.error);
  }, [query.isError, query.error]);
  if (query.isPending) {
    return (
      <section className={styles.gauge} aria-label="Price comparison" aria-busy="true" data-testid="price-gauge-skeleton">
        <div className={styles.skeletonLine} />
        <div className={styles.skeletonBar} />
        <div className={styles.skeletonLine} />
      </section>
    );
  }
  const result = query.isSuccess ? acceptComparison(query.data) : null;
  if (!result) return null;
  return <Gauge {...result} />;
}

function Gauge({ fill, listingPrice, marketMin, marketMax, description }: { fill: number; listingPrice: number; marketMin: number; marketMax: number; description: string }) {
  const shown = displayedFill(fill);
  const price = useCountUp(listingPrice);
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
