import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../app/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/privacy-policy')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'privacy'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'privacy'),
  component: () => <InfoPage page="privacy" />,
});
