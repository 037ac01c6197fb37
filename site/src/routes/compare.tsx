import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { pageHead } from '../lib/head.ts';
import { pageFor } from '../lib/route-exists.ts';
import { itemNoun } from '../domain/item-noun.ts';

const Compare = __FEATURE_COMPARE__ ? featureComponent<Record<string, never>>(() => import('../features/compare/compare-page.tsx')) : null;

const available = () => __FEATURE_COMPARE__;

// The compare list side by side (spec §3 compare list, §4 Compare). Only tenants with compare
// have the page; elsewhere it is a 404 and nothing links to it.
export const Route = createFileRoute('/compare')({
  ...pageFor(available),
  // Loaded before hydration, so the page hydrates without waiting for its code.
  staticData: { available, features: async () => Compare?.load() },
  head: ({ match }) => pageHead(match.context.tenant, { title: `Compare ${itemNoun(match.context.tenant.search.itemType).many}`, noindex: true }),
  // Nothing to dehydrate: the list is on the device. The code loads before the page renders.
  loader: async () => {
    await Compare?.load();
  },
  component: () => (Compare ? <Compare /> : null),
});
