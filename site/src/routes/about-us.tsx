import { createFileRoute } from '@tanstack/react-router';
import { infoPageHead, infoPageGate } from '../app/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/about-us')({
  ...infoPageGate('aboutUs'),
  head: ({ match }) => infoPageHead(match.context.tenant, 'aboutUs'),
  component: () => <InfoPage page="aboutUs" />,
});
