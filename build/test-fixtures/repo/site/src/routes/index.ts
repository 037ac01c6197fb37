import { createFileRoute } from '@tanstack/react-router';
import { createElement } from 'react';
import config from 'virtual:tenant-config';

export const Route = createFileRoute('/')({ component: HomePage });

function HomePage() {
  return createElement('p', null, `Welcome to ${config.name}`);
}
