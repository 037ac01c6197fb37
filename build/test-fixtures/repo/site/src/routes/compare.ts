import { createFileRoute, notFound } from '@tanstack/react-router';
import { ComparePage } from '../features/compare/compare-page.ts';

// The pattern feature routes use: a switched-off feature's route is a not-found, and the
// component expression folds to the fallback so the feature's modules are never imported.
export const Route = createFileRoute('/compare')({
  staticData: { available: () => __FEATURE_COMPARE__ },
  beforeLoad: () => {
    if (!__FEATURE_COMPARE__) throw notFound();
  },
  component: __FEATURE_COMPARE__ ? ComparePage : () => null,
});
