import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../lib/route-exists.ts';
import type { BrandDirectoryEntry } from '../../../schema/api/content.ts';
import { brandPageFeatures, contentHead, hasBrandDirectory, loadBrandsPage } from './-content/content-data.ts';
import { BrandDirectory } from './-content/brands-load.ts';

// Spec §2: the brand directory (features.brandDirectory; elsewhere a 404 and no links to it).
export const Route = createFileRoute('/brands')({
  ...pageFor(hasBrandDirectory),
  staticData: { available: hasBrandDirectory, features: brandPageFeatures },
  loader: ({ context }) => loadBrandsPage(context),
  head: contentHead,
  component: function BrandsRoute() {
    const { brands } = useLoaderData({ strict: false }) as { brands: BrandDirectoryEntry[] };
    return BrandDirectory ? <BrandDirectory brands={brands} /> : null;
  },
});
