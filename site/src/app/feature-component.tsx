import { lazy, type ComponentType, type ReactNode } from 'react';

/** A lazily loaded feature component that starts loading as soon as it is declared. */
export interface FeatureComponent<P extends object> {
  (props: P): ReactNode;
  /** Resolves when the module is loaded; route loaders await it to avoid a layout shift. */
  ready: Promise<unknown>;
}

/**
 * Wraps a switchable feature's dynamic import. Use it only inside the feature's flag
 * expression — `__FEATURE_X__ ? featureComponent(() => import('../features/x/index.tsx')) : null`
 * — so a switched-off feature's modules are not in the bundle. Loading starts immediately
 * and, once loaded, the component renders synchronously (no Suspense fallback flash).
 */
export function featureComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): FeatureComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  const promise = load().then((module) => {
    Loaded = module.default;
    return module;
  });
  const Lazy = lazy(() => promise);
  function Feature(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Feature, { ready: promise });
}
