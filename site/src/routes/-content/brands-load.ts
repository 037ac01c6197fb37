import type { BrandDirectoryEntry } from '../../../../schema/api/content.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import type { PageHeadInput } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import { brandForOverview, brandOverviewPath } from '../../domain/brand-directory.ts';

/*
 * What the brand pages load (spec §2 /brands, /{brand-slug}/overview). Imported on demand by
 * the route loaders (content-data.ts), so the API client (zod) is fetched with a brand page only.
 */

/** The directory and overview pages, only in bundles of tenants with features.brandDirectory. */
export const BrandDirectory = __FEATURE_BRAND_DIRECTORY__ ? featureComponent(() => import('../../features/brand-directory/index.tsx')) : null;
export const BrandOverview = __FEATURE_BRAND_DIRECTORY__ ? featureComponent(() => import('../../features/brand-directory/brand-overview.tsx')) : null;

async function loadBrands(context: RouterContext): Promise<BrandDirectoryEntry[]> {
  const { brandsQueryOptions } = await import('../../api/content/brands.ts');
  return context.queryClient.ensureQueryData(brandsQueryOptions(context.services));
}

/** The directory: every entry, and its head. */
export async function loadBrandsPage(context: RouterContext): Promise<{ brands: BrandDirectoryEntry[]; head: PageHeadInput }> {
  const [brands] = await Promise.all([loadBrands(context), BrandDirectory?.load()]);
  const names = brands.filter((b) => b.kind !== 'own').map((b) => b.title);
  const head: PageHeadInput = {
    title: 'Our Brands',
    description: `The brands of ${context.tenant.name}${names.length > 0 ? `: ${names.join(', ')}` : ''}. Read about each brand, find where we sell and service it, and browse its stock.`,
    canonicalPath: '/brands',
  };
  return { brands, head };
}

/** One brand's overview, or null when the slug names no brand with a page. */
export async function loadBrandOverview(context: RouterContext, slug: string): Promise<{ brand: BrandDirectoryEntry; head: PageHeadInput } | null> {
  const [brands] = await Promise.all([loadBrands(context), BrandOverview?.load()]);
  const brand = brandForOverview(brands, slug);
  if (!brand) return null;
  const head: PageHeadInput = {
    title: `${brand.title} overview`,
    description: brand.description[0] ?? `${brand.title} at ${context.tenant.name}.`,
    canonicalPath: brandOverviewPath(brand.slug),
    ...(brand.logo ? { image: brand.logo } : {}),
  };
  return { brand, head };
}
