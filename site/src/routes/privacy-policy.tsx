import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../lib/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/privacy-policy')({
  ...infoPageGate('privacy'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'privacy'),
  component: () => <InfoPage page="privacy" />,
});
