import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../lib/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/buying')({
  ...infoPageGate('buying'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'buying'),
  component: () => <InfoPage page="buying" />,
});
