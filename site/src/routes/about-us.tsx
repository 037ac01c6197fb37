import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, requireInfoPage } from '../app/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/about-us')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'aboutUs'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'aboutUs'),
  component: () => <InfoPage page="aboutUs" />,
});
