import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../app/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/buying')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'buying'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'buying'),
  component: () => <InfoPage page="buying" />,
});
