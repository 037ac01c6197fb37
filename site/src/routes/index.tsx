import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../components/home/home-page.tsx';
import { homeFeaturesReady } from '../components/home/home-features.tsx';

export const Route = createFileRoute('/')({
  // Wait for switched-on sections so the page renders once, without shifting.
  loader: () => homeFeaturesReady(),
  component: function HomeRoute() {
    return <HomePage now={new Date()} />;
  },
});
