import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { pageHead } from '../lib/head.ts';
import { pageFor } from '../lib/route-exists.ts';

const Favourites = __FEATURE_FAVOURITES_MECHANISM__ === 'favourites' ? featureComponent<Record<string, never>>(() => import('../features/favourites/favourites-page.tsx')) : null;

const available = () => __FEATURE_FAVOURITES_MECHANISM__ === 'favourites';

// The cars saved with the heart on this device (spec §3, §4 favourites). Only tenants that keep
// favourites on the device have the page; elsewhere it is a 404 and nothing links to it.
export const Route = createFileRoute('/favourites')({
  ...pageFor(available),
  // Loaded before hydration, so the page hydrates without waiting for its code.
  staticData: { available, features: async () => Favourites?.load() },
  head: ({ match }) => pageHead(match.context.tenant, { title: 'My Favourites', noindex: true }),
  // Nothing to dehydrate: the list is on the device. The code loads before the page renders.
  loader: async () => {
    await Favourites?.load();
  },
  component: () => (Favourites ? <Favourites /> : null),
});
