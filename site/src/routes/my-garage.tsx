import { createFileRoute } from '@tanstack/react-router';
import { garageUser } from './-garage/garage-gate.ts';
import { requireAvailable } from '../lib/route-exists.ts';
import { featureComponent } from '../lib/feature-component.tsx';
import { pageHead } from '../lib/head.ts';

const MyGarage = __FEATURE_GARAGE__ ? featureComponent(() => import('../features/garage/index.tsx')) : null;
// A page only where the feature is on: links to it are shown only then (lib/route-exists.ts).
const available = () => __FEATURE_GARAGE__;

export const Route = createFileRoute('/my-garage')({
  // Spec §6: my-garage is always gated; signed-out visitors go to sign-in with where they
  // were going (redirect) and where they came from (back).
  staticData: { available, features: async () => MyGarage?.load() },
  beforeLoad: async ({ context, location }) => {
    requireAvailable(available, context.tenant);
    return { user: await garageUser(context, location.href) };
  },
  head: ({ match }) => pageHead(match.context.tenant, { title: 'My Garage', noindex: true }),
  // The page's code loads before it renders; the loader answers nothing, since whatever it
  // answers is sent to the browser with the page (a code module cannot be).
  loader: async () => {
    await MyGarage?.load();
  },
  component: MyGaragePage,
});

function MyGaragePage() {
  const { user } = Route.useRouteContext();
  return MyGarage ? <MyGarage user={user} /> : null;
}
