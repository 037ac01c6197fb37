import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../lib/route-exists.ts';
import type { BrandDirectoryEntry } from '../../../schema/api/content.ts';
import { brandPageFeatures, contentHead, hasBrandDirectory, loadBrandOverview } from './-content/content-data.ts';
import { BrandOverview } from './-content/brands-load.ts';

// Spec §2: a brand's overview page /{brand-slug}/overview; unknown brands are 404s.
export const Route = createFileRoute('/$brand/overview')({
  ...pageFor(hasBrandDirectory),
  staticData: { available: hasBrandDirectory, features: brandPageFeatures },
  loader: ({ context, params }) => loadBrandOverview(context, params.brand),
  head: contentHead,
  component: function BrandOverviewRoute() {
    const { brand } = useLoaderData({ strict: false }) as { brand: BrandDirectoryEntry };
    return BrandOverview ? <BrandOverview brand={brand} /> : null;
  },
});
