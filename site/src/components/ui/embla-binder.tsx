import { useEffect } from 'react';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';

type Options = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * Starts embla on a carousel's viewport and hands its API up (see `useLazyEmbla`). Renders
 * nothing: the slides are the server's HTML, scrollable before this module has loaded.
 */
export default function EmblaBinder({ viewport, options, onApi }: { viewport: HTMLElement; options: Options; onApi: (api: UseEmblaCarouselType[1]) => void }) {
  const [viewportRef, api] = useEmblaCarousel(options);
  useEffect(() => {
    viewportRef(viewport);
    return () => viewportRef(null);
  }, [viewport, viewportRef]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
