import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../../app/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/capped-price-service')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'cappedPriceService'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'cappedPriceService'),
  component: () => <InfoPage page="cappedPriceService" />,
});
