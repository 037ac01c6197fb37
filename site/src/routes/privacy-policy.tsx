import { createFileRoute } from '@tanstack/react-router';
import { requireInfoPage } from '../app/info-pages.ts';
import { InfoPage } from '../components/layout/info-page.tsx';

export const Route = createFileRoute('/privacy-policy')({
  beforeLoad: ({ context }) => requireInfoPage(context.tenant, 'privacy'),
  component: () => <InfoPage page="privacy" />,
});
