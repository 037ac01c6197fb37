import { createFileRoute } from '@tanstack/react-router';
import { pageHead, type RouteHead } from '../lib/head.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { HomePage } from '../components/home/home-page.tsx';
import { HomeFeatures, homeFeaturesReady } from './-frame/home-features.tsx';

export const Route = createFileRoute('/')({
  staticData: { features: homeFeaturesReady },
  // Wait for switched-on sections so the page renders once, without shifting. The clock of the
  // load (the server's, on a server render) decides which promotions are live, on both sides.
  loader: async ({ context }): Promise<{ now: number }> => {
    await homeFeaturesReady();
    // (typed explicitly: the home route's inferred context is circular through the home page's links)
    return { now: (context as RouterContext).services.now() };
  },
  head: ({ match }): RouteHead => {
    const tenant = (match.context as RouterContext).tenant;
    const home = tenant.content.home;
    return pageHead(tenant, { title: null, ...(home?.heroSubheading ? { description: `${tenant.name}: ${home.heroSubheading}` } : {}), canonicalPath: '/' });
  },
  component: HomeRoute,
});

function HomeRoute() {
  const { now } = Route.useLoaderData();
  return <HomePage now={new Date(now)} Sections={HomeFeatures} />;
}
