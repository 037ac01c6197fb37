import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../../app/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/warranty')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'warranty'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'warranty'),
  component: () => <InfoPage page="warranty" />,
});
