import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireAvailable } from '../lib/route-exists.ts';
import { featureComponent } from '../lib/feature-component.tsx';
import { pageHead } from '../lib/head.ts';

const Watchlist = __FEATURE_WATCHLIST__ ? featureComponent(() => import('../features/watchlist/watchlist-page.tsx')) : null;
// A page only where the feature is on: links to it are shown only then (lib/route-exists.ts).
const available = () => __FEATURE_WATCHLIST__;

// The watchlist page (spec §2: a constant link, offered as View List after a save). Only a
// signed-in user has a watchlist, so signed-out visitors go to sign-in (type=watchlist, spec §6).
export const Route = createFileRoute('/watchlist')({
  staticData: { available, features: async () => Watchlist?.load() },
  beforeLoad: async ({ context, location }) => {
    requireAvailable(available, context.tenant);
    const { meQueryOptions } = await import('../api/auth/me.ts');
    const me = await context.queryClient.ensureQueryData(meQueryOptions(context.services));
    if (!me.user) {
      throw redirect({
        statusCode: 302,
        to: '/sign-in',
        search: { type: 'watchlist', redirect: location.href, back: context.previousHref() },
      });
    }
    return { user: me.user };
  },
  head: ({ match }) => pageHead(match.context.tenant, { title: 'My Watchlist', noindex: true }),
  // The page's code loads before it renders; the loader answers nothing, since whatever it
  // answers is sent to the browser with the page (a code module cannot be).
  loader: async () => {
    await Watchlist?.load();
  },
  component: WatchlistRoute,
});

function WatchlistRoute() {
  const { user } = Route.useRouteContext();
  return Watchlist ? <Watchlist user={user} /> : null;
}
