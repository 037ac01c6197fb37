import { memo, useEffect, useRef } from 'react';
import { useTenant } from '../../lib/tenant-context.tsx';
import { type SliderAttribute } from '../../domain/slider.ts';
import { primaryFacets } from '../../domain/single-make.ts';
import styles from './search.module.css';
import { formatNumber } from '../../../../schema/number-format.ts';
import { SLIDERS, tenantSingleMake } from './search-words.ts';
import { ListFacetContainer, MakeFacetContainer, ModelFacetContainer, PriceRangeFacetContainer, RangeFacetContainer, VirtualRefinementList } from './facet-containers.tsx';
import { SearchHistoryList } from './recent-searches.tsx';
import type { SearchRouteData } from './search-setup.ts';

/*
 * The search page's filter panel.
 */

/** The filter panel (a drawer on a phone): recent searches, then the site's facets in its order. */
export const FilterPanel = memo(function FilterPanel({ open, onClose, count, noun, stats }: { open: boolean; onClose: () => void; count: number; noun: string; stats: SearchRouteData['stats'] }) {
  const tenant = useTenant();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  // A single-make site lists its models first, in place of a make facet of one value.
  const singleMake = tenantSingleMake(tenant);
  const facets = primaryFacets(
    tenant.search.facets.filter((f) => f !== 'subscription_price' || __FEATURE_SUBSCRIPTION_LAYOUT__),
    singleMake,
  );
  const hasMake = facets.includes('make');
  return (
    <aside
      id="search-filters"
      ref={panel}
      className={`${styles.sidebar} ${open ? styles.sidebarOpen : ''}`}
      aria-labelledby="filters-heading"
      data-open={open}
    >
      <div className={styles.sidebarHead}>
        <h2 id="filters-heading" tabIndex={-1} className={styles.sidebarTitle}>
          Filter {noun}s
        </h2>
        <button type="button" className={styles.closeButton} onClick={onClose} aria-label="Close filters">
          ×
        </button>
      </div>
      <div className={styles.sidebarBody}>
        {__FEATURE_SEARCH_HISTORY__ ? <SearchHistoryList /> : null}
        {/* Path refinements (car type, make, model) apply on every site, shown or not. */}
        {(['car_type', 'make', 'make_model'] as const)
          .filter((attribute) => !facets.includes(attribute) && !(attribute === 'make_model' && hasMake) && !(attribute === 'make' && singleMake))
          .map((attribute) => (
            <VirtualRefinementList key={`virtual-${attribute}`} attribute={attribute} />
          ))}
        {facets.map((attribute) => {
          if (attribute === 'make') return <MakeFacetContainer key={attribute} />;
          if (attribute === 'make_model') {
            if (singleMake) return <ModelFacetContainer key={attribute} singleMake={singleMake} />;
            return hasMake ? <VirtualRefinementList key={attribute} attribute="make_model" /> : <ListFacetContainer key={attribute} attribute={attribute} />;
          }
          if (attribute === 'price_range') return <PriceRangeFacetContainer key={attribute} />;
          if (SLIDERS.has(attribute)) return <RangeFacetContainer key={attribute} attribute={attribute as SliderAttribute} stats={stats[attribute]} />;
          return <ListFacetContainer key={attribute} attribute={attribute} />;
        })}
      </div>
      <div className={styles.sidebarFoot}>
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          {`Show Me ${formatNumber(count)} ${noun}s`}
        </button>
      </div>
    </aside>
  );
});
