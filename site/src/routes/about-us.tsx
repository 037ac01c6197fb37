import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { infoPageHead, infoPageGate } from '../lib/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

// The sales-this-month counter under the dealer's story where switched on (spec §9; absent from other bundles).
const SalesThisMonthCounter = __FEATURE_SALES_THIS_MONTH_COUNTER__ ? featureComponent(() => import('../features/sales-this-month-counter/index.tsx')) : null;
const gate = infoPageGate('aboutUs');

export const Route = createFileRoute('/about-us')({
  ...gate,
  staticData: { ...gate.staticData, features: () => Promise.resolve(SalesThisMonthCounter?.load()) },
  // The counter's first figure comes from the load's clock (the server's), so hydration agrees.
  loader: async ({ context }) => {
    await SalesThisMonthCounter?.load();
    return { now: context.services.now() };
  },
  head: ({ match }) => infoPageHead(match.context.tenant, 'aboutUs'),
  component: function AboutUsRoute() {
    const { now } = Route.useLoaderData();
    return (
      <>
        <InfoPage page="aboutUs" />
        {SalesThisMonthCounter ? <SalesThisMonthCounter now={new Date(now)} /> : null}
      </>
    );
  },
});
