import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { featureComponent } from '../app/feature-component.tsx';
import { pageHead } from '../app/head.ts';

const Watchlist = __FEATURE_WATCHLIST__ ? featureComponent(() => import('../features/watchlist/watchlist-page.tsx')) : null;

// The watchlist page (spec §2: a constant link, offered as View List after a save). Only a
// signed-in user has a watchlist, so signed-out visitors go to sign-in (type=watchlist, spec §6).
export const Route = createFileRoute('/watchlist')({
  beforeLoad: async ({ context, location }) => {
    if (!__FEATURE_WATCHLIST__) throw notFound();
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
  loader: () => Watchlist?.load(),
  component: WatchlistRoute,
});

function WatchlistRoute() {
  const { user } = Route.useRouteContext();
  return Watchlist ? <Watchlist user={user} /> : null;
}
