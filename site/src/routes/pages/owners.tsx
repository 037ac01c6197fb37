import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../../lib/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/owners')({
  ...infoPageGate('owners'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'owners'),
  component: () => <InfoPage page="owners" />,
});
