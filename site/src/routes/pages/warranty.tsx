import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../../lib/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/warranty')({
  ...infoPageGate('warranty'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'warranty'),
  component: () => <InfoPage page="warranty" />,
});
