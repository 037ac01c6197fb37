import { createFileRoute } from '@tanstack/react-router';
import { createElement } from 'react';
import { tenantName } from '../tenant.ts';

export const Route = createFileRoute('/')({ component: HomePage });

function HomePage() {
  return createElement('p', null, `Welcome to ${tenantName()}`);
}
