import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { emailLinkSearchSchema } from '../lib/email-link-search.ts';
import { pageHead } from '../lib/head.ts';
import { requireAvailable } from '../lib/route-exists.ts';

const ConfirmHold = __FEATURE_RESERVE_BUTTON__ && !__FEATURE_GATED_CHECKOUT__ ? featureComponent(() => import('../features/reserve-button/confirm-hold.tsx')) : null;
// Reservations confirmed by an emailed link exist only where the dealer reserves online without sign-in.
const available = () => __FEATURE_RESERVE_BUTTON__ && !__FEATURE_GATED_CHECKOUT__;

export const Route = createFileRoute('/confirm-hold')({
  staticData: { available, features: async () => ConfirmHold?.load() },
  validateSearch: (search) => emailLinkSearchSchema.parse(search),
  beforeLoad: ({ context }) => requireAvailable(available, context.tenant),
  head: ({ match }) => pageHead(match.context.tenant, { title: 'Confirm your reservation', noindex: true }),
  loader: async () => {
    await ConfirmHold?.load();
  },
  component: function ConfirmHoldRoute() {
    const { token } = Route.useSearch();
    return ConfirmHold ? <ConfirmHold token={token} /> : null;
  },
});
