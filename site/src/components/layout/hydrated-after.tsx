import { memo, Suspense, type ComponentType } from 'react';
import { featureComponent } from '../../lib/feature-component.tsx';

/*
 * A part of the page frame that the page does not need to hydrate: the server renders it into the
 * HTML, and the browser loads its code once the page has hydrated (app/hydration-replay.ts
 * `afterHydration`), so its code is no part of a page's first JavaScript and its hydration is not
 * in the way of the page's. Until its code arrives the part is the server's HTML: its links work,
 * and a button tapped meanwhile is held and replayed once the part has hydrated.
 *
 * Its own Suspense boundary keeps that HTML while the code loads; the returned component is
 * memoised on its props (give it plain values), so a render of the layout (a navigation) never
 * reaches the boundary before it has hydrated (React would drop the server's HTML and render the
 * part afresh).
 */
export function hydratedAfterPage<P extends object = Record<string, never>>(importer: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Part = featureComponent<P>(importer, { afterHydration: true });
  // Memoised on its props (plain values: a placement name), so a render of its parent passes by.
  return memo(function HydratedAfterPage(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
}
