import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { tenantThemeVariables } from '../domain/theme.ts';

/**
 * Writes the theme onto <html> before the first render, so the first paint already has the
 * tenant's colours (no flash, no layout shift), and sets the meta theme-color.
 */
export function applyTheme(tenant: ResolvedTenant, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(tenantThemeVariables(tenant.theme))) root.style.setProperty(name, value);
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = tenant.theme.colours.primary;
}
