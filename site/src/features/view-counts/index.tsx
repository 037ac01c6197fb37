import { useEffect, useRef, useState } from 'react';
import { countView } from '../../api/cars/view-count.ts';
import { viewCountText } from '../../domain/view-count.ts';
import { Icon } from '../../components/ui/icon.tsx';
import styles from './view-counts.module.css';

/**
 * The car's view count (spec §7 view.json, features.viewCounts). Each page visit counts once
 * (api/cars/view-count.ts keeps the answer per site and version of the car):
 * the call is made in the browser after hydration (never on the server, whose render is not a
 * shopper's visit), once per car shown — React StrictMode's second run of the effect is not a
 * second visit. The box is in the server's HTML at its final size, so the figure appears without
 * moving anything; if the call fails the box stays empty.
 */
export default function ViewCount({ slug, photosCount, updatedAt }: { slug: string; photosCount: number; updatedAt?: string | undefined }) {
  const [views, setViews] = useState<{ slug: string; count: number } | null>(null);
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === slug) return;
    counted.current = slug;
    countView(slug, { photosCount, updatedAt }).then(
      (count) => {
        // A later car on the same page (a client-side navigation) has its own count.
        if (counted.current === slug) setViews({ slug, count });
      },
      (error: unknown) => console.warn('View count failed', error),
    );
  }, [slug, photosCount, updatedAt]);
  const shown = views?.slug === slug ? views.count : null;
  return (
    <p className={styles.views} data-testid="view-count" data-loaded={shown !== null}>
      {shown !== null ? (
        <>
          <Icon name="eye" size={16} /> {viewCountText(shown)}
        </>
      ) : null}
    </p>
  );
}
