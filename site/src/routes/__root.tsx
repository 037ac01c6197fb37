import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router.tsx';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { RootLayout } from '../components/layout/root-layout.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
