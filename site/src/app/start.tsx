// oxlint-disable-next-line import/no-unassigned-import -- zod is told not to probe for eval before any schema is built
import './zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import tenantConfig, { liveConfig } from 'virtual:tenant-config';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { configureAnalytics } from '../lib/analytics.ts';
import { AppProviders } from '../lib/app-providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { followConfigEdit } from './live-config.ts';
import { createAppRouter } from './router.tsx';
import { browserServices } from '../lib/services.ts';

/*
 * The app's start in the browser (loaded by the entry, site/src/main.tsx, once the page has
 * painted). A page the platform rendered on the server carries the router's
 * dehydrated state (`window.$_TSR`): it is hydrated in place. The editor's live preview and a
 * static host without the platform serve the bare index.html: the app renders the document.
 *
 * Start-up is cut into tasks so that no step blocks the page for long on a slow phone (total
 * blocking time): the modules evaluate, then the router is created, then hydration starts in a
 * transition, which React renders in slices of a few milliseconds. Input made meanwhile is held
 * by the inline hold-input script (hydration-replay.ts) and replayed on the hydrated control.
 */

/** Lets the browser run input, paint and other tasks before the next step of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const serverRendered = Boolean((window as { $_TSR?: unknown }).$_TSR);

async function start(): Promise<void> {
  // Before any event can fire: the site's tags and Consent Mode's default (denied).
  configureAnalytics(tenantConfig.analytics);
  const queryClient = createQueryClient();
  await nextTask();
  // One router for the page's life: the editor preview swaps the config in place (below), and a
  // second router would leave the page hung on its first navigation.
  const router = createAppRouter({ queryClient, tenant: tenantConfig, services: browserServices() });
  const app = (tenant: ResolvedTenant) => (
    <StrictMode>
      <AppProviders tenant={tenant} queryClient={queryClient}>
        {serverRendered ? <RouterClient router={router} /> : <RouterProvider router={router} />}
      </AppProviders>
    </StrictMode>
  );
  await nextTask();
  let root: Root;
  if (serverRendered) {
    let hydrated: Root | undefined;
    startTransition(() => {
      hydrated = hydrateRoot(document, app(tenantConfig), {
        onRecoverableError: (error, info) => {
          // A mismatch means the server and the first browser render disagree: say so loudly (tests watch for it).
          console.error('Hydration mismatch:', error, info.componentStack ?? '');
        },
      });
    });
    root = hydrated as Root;
  } else {
    root = createRoot(document);
    root.render(app(tenantConfig));
  }

  // Editor preview: a config edit replaces the virtual module; re-render with it instead of
  // reloading the page, so the preview keeps its route.
  if (import.meta.hot) {
    let current: ResolvedTenant = tenantConfig;
    import.meta.hot.accept('virtual:tenant-config', (next) => {
      if (!next) return;
      const tenant = (next as unknown as { default: ResolvedTenant }).default;
      const previous = current;
      current = tenant;
      router.update({ ...router.options, context: { ...router.options.context, tenant } });
      // Loaders, guards and heads read the tenant from the router context: run them again once
      // what the edit changed is fetched again (live-config.ts).
      void followConfigEdit(queryClient, previous, tenant, () => void router.invalidate());
      root.render(app(tenant));
    });
    // An edit made while this page loaded was sent before it listened: the preview server sends
    // the config again to a page that reports an older edit than its own.
    if (liveConfig) void import.meta.hot.send(liveConfig.event, { version: liveConfig.version });
  }
}

void start();
