import type { Offer } from '../../../../schema/api/content.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { toSlug } from '../../domain/navigation.ts';
import styles from './special-offers.module.css';

/**
 * An offer's Enquire and View stock buttons, on its card and on its own page; each only where
 * its page exists (the stock search of the offer's make and model).
 */
export function OfferActions({ offer }: { offer: Offer }) {
  const leadsToPage = useLeadsToPage();
  const stock = offer.make ? `/search/${toSlug(offer.make)}${offer.model ? `/${toSlug(offer.model)}` : ''}` : null;
  return (
    <p className={styles.cardActions}>
      {leadsToPage('/contact-us') ? (
        <AppLink href="/contact-us" className="btn btn--primary">
          Enquire<span className="visually-hidden"> about {offer.title}</span>
        </AppLink>
      ) : null}
      {stock && leadsToPage(stock) ? (
        <AppLink href={stock} className="btn btn--outline">
          View stock<span className="visually-hidden"> of {[offer.make, offer.model].filter(Boolean).join(' ')}</span>
        </AppLink>
      ) : null}
    </p>
  );
}
