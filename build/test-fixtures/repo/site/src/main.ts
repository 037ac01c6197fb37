// Fixture site for the build tests: plain createElement instead of JSX so these files type-check
// in the node project with the rest of build/ (which includes *.ts only).
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeTree } from './routeTree.gen.ts';

const router = createRouter({ routeTree });

const root = document.getElementById('root');
if (root) createRoot(root).render(createElement(StrictMode, null, createElement(RouterProvider, { router })));
