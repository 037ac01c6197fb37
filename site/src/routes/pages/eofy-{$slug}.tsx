import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../../lib/route-exists.ts';
import { contentHead, eofyPageFeatures, hasEofySale, loadEofyDealerPage } from '../-content/content-data.ts';
import { EofySale, type EofyPageData } from '../-content/eofy-load.ts';

// Spec §2 /pages/eofy-*: a dealer's own EOFY page (content.eofySale.pages); an unknown slug is a 404.
export const Route = createFileRoute('/pages/eofy-{$slug}')({
  ...pageFor(hasEofySale),
  staticData: { available: hasEofySale, features: eofyPageFeatures },
  loader: ({ context, params }) => loadEofyDealerPage(context, params.slug),
  head: contentHead,
  component: function EofyDealerRoute() {
    const data = useLoaderData({ strict: false }) as EofyPageData;
    return EofySale ? <EofySale data={data} /> : null;
  },
});
