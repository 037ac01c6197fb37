import { Suspense } from 'react';
import { lazyPart } from '../../lib/feature-component.tsx';
import { SIMILAR_CARS_LAZY_MARGIN_PX } from '../../domain/similar-cars.ts';
import { useNearViewport } from './use-near-viewport.ts';

// The block's code (its query, cards and carousel) and the similar-cars call load only when it is near.
const SimilarCarsBlock = lazyPart(() => import('./similar-cars-block.tsx'));

/**
 * Similar cars (spec §2, §9): up to 6 in-stock cars within the price window, loaded when the
 * block comes within 500 px of the viewport (never on the server), as a carousel or a grid per
 * tenant. A failed multi-search falls back to the filter-based search (api/cars/similar.ts);
 * nothing shows when there are none or both fail.
 */
export function SimilarCars({ car }: { car: { id: number; slug: string; price: number } }) {
  const { ref, near } = useNearViewport(SIMILAR_CARS_LAZY_MARGIN_PX);
  return (
    <div ref={ref} data-testid="similar-cars-slot">
      {near ? (
        <Suspense fallback={null}>
          <SimilarCarsBlock car={car} />
        </Suspense>
      ) : null}
    </div>
  );
}
