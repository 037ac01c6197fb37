import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import tenantConfig from 'virtual:tenant-config';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { TenantProvider } from './app/tenant-context.tsx';
import { applyTheme } from './app/theme.ts';
// oxlint-disable-next-line import/no-unassigned-import -- the global stylesheet is loaded for its effect
import './styles/global.css';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
const root: Root = createRoot(container);

// One router for the page's life: the editor preview swaps the config in place (below), and a
// second router would leave the page hung on its first navigation.
const router = createAppRouter({ queryClient, tenant: tenantConfig });

function render(tenant: ResolvedTenant) {
  applyTheme(tenant);
  document.documentElement.lang = 'en-AU';
  root.render(
    <StrictMode>
      <TenantProvider tenant={tenant}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </TenantProvider>
    </StrictMode>,
  );
}

render(tenantConfig);

// Editor preview: a config edit replaces the virtual module; re-render with it instead of
// reloading the page, so the preview keeps its route.
if (import.meta.hot) {
  import.meta.hot.accept('virtual:tenant-config', (next) => {
    if (!next) return;
    const tenant = (next as unknown as { default: ResolvedTenant }).default;
    router.update({ ...router.options, context: { ...router.options.context, tenant } });
    // Loaders and guards read the tenant from the router context: run them again.
    void router.invalidate();
    render(tenant);
  });
}
