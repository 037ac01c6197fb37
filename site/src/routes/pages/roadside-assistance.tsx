import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../../lib/info-pages.ts';
import { InfoPage } from '../../components/layout/info-page.tsx';

export const Route = createFileRoute('/pages/roadside-assistance')({
  ...infoPageGate('roadsideAssistance'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'roadsideAssistance'),
  component: () => <InfoPage page="roadsideAssistance" />,
});
