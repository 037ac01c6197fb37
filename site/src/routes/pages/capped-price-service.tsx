import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../../lib/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/capped-price-service')({
  ...infoPageGate('cappedPriceService'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'cappedPriceService'),
  component: () => <InfoPage page="cappedPriceService" />,
});
