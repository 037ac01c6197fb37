import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { themeVariables } from '../domain/theme.ts';

/**
 * The CSS variables of the tenant's theme. A tenant without a `theme` group keeps the
 * stylesheet's defaults (which equal the schema defaults).
 */
export function tenantThemeVariables(tenant: ResolvedTenant): Record<string, string> {
  const theme = tenant.theme;
  if (!theme) return {};
  const { primary, primaryContrast, accent, accentContrast, background, surface, text, muted } = theme.colours;
  return themeVariables({
    colours: { primary, primaryContrast, accent, accentContrast, background, surface, text, muted },
    fontFamily: theme.fontFamily,
    ...(theme.headingFontFamily ? { headingFontFamily: theme.headingFontFamily } : {}),
    radius: theme.radius,
  });
}

/**
 * Writes the theme onto <html> before the first render, so the first paint already has the
 * tenant's colours (no flash, no layout shift), and sets the meta theme-color.
 */
export function applyTheme(tenant: ResolvedTenant, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(tenantThemeVariables(tenant))) root.style.setProperty(name, value);
  const primary = tenant.theme?.colours.primary;
  if (primary) {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = primary;
  }
}
