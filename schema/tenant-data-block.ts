import type { ResolvedTenant } from './resolved-tenant.gen.ts';

/*
 * The contract between a page and the bundle that hydrates it. A production bundle is compiled
 * per set of feature switches and shared by every tenant with those switches (docs/build.md,
 * "Bundles shared by content"), so a dealer's own data (name, labels, theme, locations, copy) is
 * not compiled into it: each page carries its tenant as a JSON data block, written by the server
 * render (site/src/entry-server.tsx) or into a tenant's index.html by the build, and the app
 * reads it when it starts (site/src/app/tenant-document.ts). A data block is not a script, so it
 * needs no CSP allowance.
 */

/** The id of the page's tenant data block. */
export const TENANT_DATA_ID = 'fc-tenant';

/**
 * What a browser may see of a tenant: everything but where its leads go (staff addresses, CRM
 * web addresses), which is the server's business only.
 * @param tenant the resolved tenant
 */
export function shopperTenant(tenant: ResolvedTenant): Omit<ResolvedTenant, 'leadDelivery'> {
  const { leadDelivery: _serverOnly, ...shopper } = tenant;
  return shopper;
}

/**
 * The data block for a tenant, safe inside HTML: "<" is escaped, so no label can end the element.
 * @param tenant the resolved tenant
 */
export function tenantDataBlock(tenant: ResolvedTenant): string {
  const json = JSON.stringify(shopperTenant(tenant)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${TENANT_DATA_ID}">${json}</script>`;
}
