import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { canonicalInfoPath, INFO_PAGE_PATHS, STANDARD_INFO_PAGES, type InfoPageKey } from '../../schema/info-pages.ts';
import type { PreviewPage } from './workspace-api.ts';

/** How the picker names a standard page the tenant has no copy for yet. */
const STANDARD_TITLES: Partial<Record<InfoPageKey, string>> = { privacy: 'Privacy policy', terms: 'Terms and conditions', aboutUs: 'About us' };

/**
 * The Page picker of the preview: the pages of the tenant being edited, and only those. Its
 * locations and information pages come from the config as edited (a location added a moment
 * ago is listed; another dealer's never is); a car comes from the tenant's own demo stock.
 * @param config the edited tenant, resolved
 * @param car one car of this tenant's stock, when the data server has some
 */
export function previewPages(config: ResolvedTenant, car?: { slug: string }): PreviewPage[] {
  const pages: PreviewPage[] = [
    { id: 'home', label: 'Home', path: '/' },
    { id: 'search', label: 'Search', path: '/search/new-used-and-demo-cars/' },
  ];
  if (car) pages.push({ id: 'vehicle', label: 'A car in stock', path: `/cars/${car.slug}` });
  for (const loc of config.dealer.locations) {
    if (loc.visible === false) continue;
    pages.push({ id: `location:${loc.slug}`, label: `Location: ${loc.name}`, path: `/locations/${loc.slug}` });
  }
  const keys = [...new Set(Object.values(INFO_PAGE_PATHS))] as InfoPageKey[];
  const copy = config.content.pages as Partial<Record<InfoPageKey, { title?: string }>> | undefined;
  for (const key of keys) {
    const page = copy?.[key];
    if (page) pages.push({ id: `page:${key}`, label: page.title ?? key, path: canonicalInfoPath(key) });
    else if (STANDARD_INFO_PAGES.includes(key)) pages.push({ id: `page:${key}`, label: `${STANDARD_TITLES[key] ?? key} (standard text)`, path: canonicalInfoPath(key) });
  }
  return pages;
}
