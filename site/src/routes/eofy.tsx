import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../lib/route-exists.ts';
import { contentHead, eofyPageFeatures, hasEofySale, loadEofyPage } from './-content/content-data.ts';
import { EofySale, type EofyPageData } from './-content/eofy-load.ts';

// Spec §2 /eofy: the end-of-financial-year sale (features.eofySale); before and after June it says so.
export const Route = createFileRoute('/eofy')({
  ...pageFor(hasEofySale),
  staticData: { available: hasEofySale, features: eofyPageFeatures },
  loader: ({ context }) => loadEofyPage(context),
  head: contentHead,
  component: function EofyRoute() {
    const data = useLoaderData({ strict: false }) as EofyPageData;
    return EofySale ? <EofySale data={data} /> : null;
  },
});
