import type { Plugin } from 'vite';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { tenantDataBlock } from '../../schema/tenant-data-block.ts';
import { tenantThemeCss } from '../../site/src/domain/theme.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A tenant's index.html from the bundle's: the <title>, a description, the theme-color and the
 * theme's CSS variables as an inline :root rule, so the first paint (and any crawler) already
 * has the tenant's name and colours before JavaScript runs, and the tenant's data block the app
 * starts from (schema/tenant-data-block.ts). A shared bundle's index.html gets this per tenant
 * when the tenant is linked to the bundle (build/bundles.ts).
 */
export function tenantIndexHtml(html: string, tenant: ResolvedTenant): string {
  const vars = tenantThemeCss(tenant.theme);
  const description = `${tenant.name}: new, used and demo cars, finance and servicing.`;
  const head = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="theme-color" content="${tenant.theme.colours.primary}" />`,
    `<style id="tenant-theme">:root{${vars}}</style>`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tenant.name)}</title>`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('</body>', `  ${tenantDataBlock(tenant)}\n  </body>`);
}

/**
 * Writes the tenant into site/index.html (`tenantIndexHtml`). `getConfig` is read on every
 * transform so the editor preview stays current.
 */
export function tenantHtmlPlugin(getConfig: () => ResolvedTenant): Plugin {
  return {
    name: 'forecourt:tenant-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => tenantIndexHtml(html, getConfig()),
    },
  };
}
