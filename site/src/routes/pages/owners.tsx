import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../../app/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/owners')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'owners'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'owners'),
  component: () => <InfoPage page="owners" />,
});
