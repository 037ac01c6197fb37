import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../lib/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/terms-and-conditions')({
  ...infoPageGate('terms'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'terms'),
  component: () => <InfoPage page="terms" />,
});
