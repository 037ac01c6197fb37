// oxlint-disable-next-line no-restricted-imports -- the one place the site's parts wrap React's lazy
import { lazy, type ComponentType, type ReactNode } from 'react';
import { partCode } from './load-recovery.ts';
import { afterHydration } from './hydration-replay.ts';

/** A lazily loaded feature component. */
export interface FeatureComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading (once) and resolves when loaded; route loaders await it so the page renders without a fallback flash. */
  load: () => Promise<unknown>;
}

/**
 * Wraps a switchable feature's dynamic import. Use it only inside the feature's flag
 * expression — `__FEATURE_X__ ? featureComponent(() => import('<the feature>/index.tsx')) : null`
 * — so a switched-off feature's modules are not in the bundle.
 *
 * Loading starts when a route loader calls `load()` or the component first renders — not when
 * the module is evaluated: route files all run at start-up, and eager loading there would pull
 * every page's feature code (and its dependencies) into every first page. Components of the
 * page frame (header, footer), which render on every page, pass `{ eager: true }`.
 */
export function featureComponent<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  options: { eager?: boolean; afterHydration?: boolean } = {},
): FeatureComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let promise: Promise<{ default: ComponentType<P> }> | null = null;
  // A failed load (a lost connection, a release that replaced the chunk) is forgotten, so the
  // next render or a route's retry asks again instead of failing on the first answer for good.
  const load = () =>
    (promise ??= importer().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        promise = null;
        throw error;
      },
    ));
  // `afterHydration`: the server renders the part (its single-file bundle loads it at once);
  // in the browser its code loads only once the page has hydrated, and until then its Suspense
  // boundary keeps the server's HTML (input in it is held and replayed, hydration-replay.ts).
  const later = options.afterHydration === true && !import.meta.env.SSR;
  if (options.eager || (options.afterHydration && import.meta.env.SSR)) void load();
  // Rendered in the page (not loaded by a route), a part whose code fails waits to be asked for
  // again once back online, or loads the page of the site's new release (load-recovery.ts), where
  // the failure would put the route's error in place of the whole page; a route's loader calls
  // `load` and fails at once instead.
  const partLoad = import.meta.env.SSR ? load : () => partCode(load);
  const Lazy = lazyAskingAgain<P>(later ? () => afterHydration().then(partLoad) : partLoad);
  function Feature(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Feature, { load });
}

/**
 * A handler that starts loading a part's code ahead of a press (the pointer over its control, or
 * focus on it). A warm-up that fails (offline) is no error: the part asks again as it opens.
 * @param load the part's loader
 */
export function warmUp(load: () => Promise<unknown>): () => void {
  return () => {
    load().catch(() => {});
  };
}

/** How many times the page's error has been shown. */
let errorsShown = 0;

/**
 * The page's error is showing (it calls this as it appears): a part whose code failed before it
 * asks for its code anew when it next renders, by the error's Try again or a link followed.
 */
export function pageErrorShown(): void {
  errorsShown += 1;
}

/**
 * React's `lazy`, except that a failure is kept only until the page's error has shown it
 * (pageErrorShown). React's own keeps it for good, so the error's Try again, or the part opened
 * again on another page, failed again without asking for the code, and only loading the page
 * afresh helped. Here the part asks for its code anew and appears. Until the error has shown, it
 * fails as React's would: it does not ask over and over by itself.
 * @param factory the part's dynamic import
 */
function lazyAskingAgain<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): (props: P) => ReactNode {
  // How many errors had been shown when the current load failed (null while it has not failed).
  let failedAt: number | null = null;
  const make = () =>
    lazy(() =>
      factory().catch((error: unknown) => {
        failedAt = errorsShown;
        throw error;
      }),
    );
  let current = make();
  return function Part(props: P) {
    if (failedAt !== null && errorsShown > failedAt) {
      failedAt = null;
      current = make();
    }
    const Current = current;
    return <Current {...props} />;
  };
}

/**
 * React's `lazy` for a part of a page that loads its code when it first renders (a dialog, a menu,
 * a section): in the browser, code that fails while offline is asked for again once back online,
 * and code left behind by the site's new release loads the new release's page
 * (load-recovery.ts `partCode`); meanwhile the part's Suspense fallback stays, where the failure
 * would put the route's error in place of the whole page. A failure that does reach the page's
 * error is kept only until that error has shown (lazyAskingAgain).
 * @param factory the part's dynamic import
 */
export const lazyPart = <P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): ((props: P) => ReactNode) =>
  lazyAskingAgain(import.meta.env.SSR ? factory : () => partCode(factory));
