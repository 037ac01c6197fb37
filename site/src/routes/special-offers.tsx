import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { pageFor } from '../lib/route-exists.ts';
import type { OffersPage } from '../../../schema/api/content.ts';
import type { OfferSearch } from '../domain/special-offers.ts';
import { contentHead, hasSpecialOffers, loadOffersPage, offersPageFeatures, offersSearch } from './-content/content-data.ts';
import { OffersWarranty, SpecialOffers, type Promotion } from './-content/offers-load.ts';

// Spec §2: the special offers page with the offers search of §7 (features.specialOffers).
export const Route = createFileRoute('/special-offers')({
  ...pageFor(hasSpecialOffers),
  staticData: { available: hasSpecialOffers, features: offersPageFeatures },
  validateSearch: offersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadOffersPage(context, deps),
  head: contentHead,
  component: function SpecialOffersRoute() {
    const { search, result, promotions } = useLoaderData({ strict: false }) as { search: OfferSearch; result: OffersPage; promotions: Promotion[] };
    if (!SpecialOffers) return null;
    return (
      <>
        <SpecialOffers search={search} result={result} promotions={promotions} />
        {OffersWarranty ? <OffersWarranty /> : null}
      </>
    );
  },
});
