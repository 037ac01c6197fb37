import { createRootRoute, Link, Outlet } from '@tanstack/react-router';
import { createElement, Fragment } from 'react';
import { tenantName } from '../tenant.ts';
import { GarageLink } from '../features/garage/garage-link.ts';

export const Route = createRootRoute({ component: RootLayout });

function RootLayout() {
  return createElement(
    Fragment,
    null,
    createElement('header', null, createElement('h1', null, tenantName()), createElement(Link, { to: '/' }, 'Home'), __FEATURE_GARAGE__ ? createElement(GarageLink) : null),
    createElement(Outlet),
  );
}
