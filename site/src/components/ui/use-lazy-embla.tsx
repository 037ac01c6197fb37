import { Suspense, useState, type ReactNode } from 'react';
import { lazyPart } from '../../lib/feature-component.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type useEmblaCarousel from 'embla-carousel-react';
import type { UseEmblaCarouselType } from 'embla-carousel-react';

type Options = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

const EmblaBinder = lazyPart(() => import('./embla-binder.tsx'));

/**
 * `useEmblaCarousel`, with embla (8 KB gzip) loaded after the page has hydrated instead of with
 * the page: a carousel above the fold (the vehicle gallery) would otherwise put it in every car
 * page's first JavaScript. Until it has loaded, `api` is undefined: the carousel shows its first
 * slide (as in the server's HTML) and keeps what the shopper chose meanwhile (the gallery's
 * pending slide) or keeps its arrows disabled. Render `binder` anywhere inside the component.
 */
export function useLazyEmbla(options: Options): { viewportRef: (node: HTMLElement | null) => void; api: UseEmblaCarouselType[1]; binder: ReactNode } {
  const [viewport, viewportRef] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<UseEmblaCarouselType[1]>(undefined);
  // Never on the server nor in the hydrating render: the binder mounts after hydration.
  const hydrated = useHydrated();
  const binder =
    hydrated && viewport ? (
      <Suspense fallback={null}>
        <EmblaBinder viewport={viewport} options={options} onApi={setApi} />
      </Suspense>
    ) : null;
  return { viewportRef, api, binder };
}
