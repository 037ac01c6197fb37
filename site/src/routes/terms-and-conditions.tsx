import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../app/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/terms-and-conditions')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'terms'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'terms'),
  component: () => <InfoPage page="terms" />,
});
