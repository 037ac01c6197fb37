import type { ResolvedTenant } from './tenant.gen.ts';

// eslint-disable-next-line no-underscore-dangle -- the site's compiled-in switches are named so
declare const __FEATURE_COMPARE__: boolean;

/** The domain's own copy of part of the settings (read through it, not through the tenant's type). */
interface FilterSettings {
  usedOnly: boolean;
  excludeMakes: readonly string[];
}
interface Positioned {
  position?: number;
}

function filterText(settings: FilterSettings): string {
  return settings.usedOnly ? 'used' : settings.excludeMakes.join(',');
}

function placed<P extends Positioned>(items: readonly P[]): number[] {
  return items.map((item) => item.position ?? 0);
}

function tagIds(ids: { tagId?: string } | undefined): string {
  return ids?.tagId ?? '';
}

export function page(tenant: ResolvedTenant, attribute: 'price' | 'km'): string {
  const search = tenant.search;
  const { pageSize } = search;
  const bounds = search.sliders[attribute];
  return [pageSize, bounds.min, filterText(tenant.stockFilter), placed(tenant.promotions), tagIds(tenant.analytics), __FEATURE_COMPARE__, tenant['name']].join(' ');
}
