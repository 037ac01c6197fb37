import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../../app/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/roadside-assistance')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'roadsideAssistance'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'roadsideAssistance'),
  component: () => <InfoPage page="roadsideAssistance" />,
});
