import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../../lib/route-exists.ts';
import { contentHead, hasSpecialOffers, loadOfferDetail, offerDetailFeatures } from '../-content/content-data.ts';
import { OfferDetail, type OfferDetailData } from '../-content/offers-load.ts';

// Spec §2: one offer /offers/{id} (features.specialOffers); unknown ids and offers outside their window are 404s.
export const Route = createFileRoute('/offers/$id')({
  ...pageFor(hasSpecialOffers),
  staticData: { available: hasSpecialOffers, features: offerDetailFeatures },
  loader: ({ context, params }) => loadOfferDetail(context, params.id),
  head: contentHead,
  component: function OfferRoute() {
    const data = useLoaderData({ strict: false }) as OfferDetailData;
    return OfferDetail ? <OfferDetail data={data} /> : null;
  },
});
