import { useId, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Offer, OffersPage } from '../../../../schema/api/content.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { RichText } from '../../components/rich-text/rich-text.tsx';
import { EOFY_PATH } from '../../domain/eofy-sale.ts';
import { promotionWindow } from '../../domain/promotions.ts';
import { hasOfferFilters, OFFER_PRICE_BANDS, offerHref, offerPages, offerSearchHref, parseOfferSearch, promotionAudience, SPECIAL_OFFERS_PATH, type OfferSearch } from '../../domain/special-offers.ts';
import { richTextToPlainText } from '../../domain/rich-text.ts';
import { truncateText } from '../../domain/text-truncation.ts';
import type { Promotion } from './page-data.ts';
import { offerDate } from '../../domain/offer-date.ts';
import { OfferActions } from './offer-actions.tsx';
import { formatMoney } from '../../../../schema/number-format.ts';
import styles from './special-offers.module.css';


/**
 * The special offers page (spec §2 /special-offers): the offers search of spec §7 (category,
 * price, text; 21 per page) as a GET form that works before the scripts load, the offers inside
 * their window, and the empty state of spec §8 with Clear Filters back to /special-offers; above
 * them the dealer-group promotions live at the request's time, each saying which car types it is
 * for. Only in bundles with features.specialOffers on.
 */
export default function SpecialOffersPage({ search, result, promotions }: { search: OfferSearch; result: OffersPage; promotions: Promotion[] }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const leadsToPage = useLeadsToPage();
  const id = useId();
  const filtered = hasOfferFilters(search);
  const pages = offerPages(result.count);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = parseOfferSearch(Object.fromEntries(new FormData(event.currentTarget)));
    void navigate({ href: offerSearchHref(next) });
  };
  // A category in the URL that no live offer has any more stays choosable (its search reads empty).
  const categories = search.category && !result.categories.includes(search.category) ? [...result.categories, search.category] : result.categories;
  return (
    <div>
      <header className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Special Offers' }]} />
          <h1 className={styles.title}>Special Offers</h1>
          <p className={styles.intro}>The latest deals from {tenant.name}. Every offer runs for a limited time: the closing date is on each one.</p>
          <form className={styles.filters} action={SPECIAL_OFFERS_PATH} method="get" role="search" aria-label="Find an offer" onSubmit={onSubmit}>
            <div className={styles.field}>
              <label htmlFor={`${id}-category`}>Category</label>
              <select id={`${id}-category`} name="category" defaultValue={search.category ?? ''} key={`c-${search.category ?? ''}`}>
                <option value="">All categories</option>
                {categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-price`}>Price</label>
              <select id={`${id}-price`} name="price" defaultValue={search.price ?? ''} key={`p-${search.price ?? ''}`}>
                <option value="">Any price</option>
                {OFFER_PRICE_BANDS.map((band) => (
                  <option key={band.value} value={band.value}>
                    {band.label}
                  </option>
                ))}
              </select>
            </div>
            <div className={`${styles.field} ${styles.queryField}`}>
              <label htmlFor={`${id}-query`}>Search offers</label>
              <input id={`${id}-query`} name="query" type="search" defaultValue={search.query ?? ''} key={`q-${search.query ?? ''}`} placeholder="Make, model or keyword" maxLength={200} />
            </div>
            <div className={styles.actions}>
              <button type="submit" className="btn btn--primary">
                Search
              </button>
              {filtered ? (
                <AppLink href={SPECIAL_OFFERS_PATH} className="btn btn--outline">
                  Clear Filters
                </AppLink>
              ) : null}
            </div>
          </form>
        </div>
      </header>
      <div className="container section">
        {__FEATURE_EOFY_SALE__ && leadsToPage(EOFY_PATH) ? (
          <aside aria-labelledby="eofy-banner" className={styles.eofyBanner}>
            <div>
              <h2 id="eofy-banner">{tenant.content.eofySale.heading}</h2>
              <p>End of financial year deals through June, until midnight on 30 June.</p>
            </div>
            <AppLink href={EOFY_PATH} className="btn btn--primary">
              See the EOFY sale
            </AppLink>
          </aside>
        ) : null}
        {promotions.length > 0 && !filtered && search.page === 1 ? <GroupPromotions promotions={promotions} timeZone={tenant.timeZone} /> : null}
        {result.items.length === 0 ? (
          <div className={styles.empty} role="status">
            <h2>{tenant.labels.noResultsHeading}</h2>
            <p>{tenant.labels.noOffers}</p>
            <AppLink href={SPECIAL_OFFERS_PATH} className="btn btn--primary">
              Clear Filters
            </AppLink>
          </div>
        ) : (
          <>
            <p className={styles.count} role="status">
              {result.count === 1 ? '1 offer' : `${result.count} offers`}
              {pages.length > 0 ? `, page ${result.page} of ${pages.length}` : ''}
            </p>
            <ul className={`grid grid--3 ${styles.list}`}>
              {result.items.map((offer, index) => (
                <OfferCard key={offer.id} offer={offer} timeZone={tenant.timeZone} termsLength={tenant.limits.termsPreviewLength} eager={index === 0} />
              ))}
            </ul>
          </>
        )}
        {pages.length > 0 ? (
          <nav aria-label="Offer pages" className={styles.pages}>
            <ul>
              {pages.map((page) => (
                <li key={page}>
                  <AppLink href={offerSearchHref({ ...search, page })} aria-current={page === result.page ? 'page' : undefined} className={styles.pageLink}>
                    <span className="visually-hidden">Page </span>
                    {page}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </div>
  );
}

/** One special offer as a card (image, category, price, closing date, terms, its actions); also on the EOFY pages. */
export function OfferCard({ offer, timeZone, termsLength, eager }: { offer: Offer; timeZone: string; termsLength: number; eager: boolean }) {
  const terms = truncateText(richTextToPlainText(offer.terms), termsLength);
  const headingId = `offer-${offer.id}`;
  return (
    <li className={`card ${styles.card}`}>
      <article aria-labelledby={headingId} className={styles.article}>
        <img className={styles.image} src={`${offer.image}?w=640`} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        <div className={styles.body}>
          <p className={styles.category}>{offer.category}</p>
          <h2 id={headingId} className={styles.cardTitle}>
            <AppLink href={offerHref(offer.id)}>{offer.title}</AppLink>
          </h2>
          {offer.price !== null ? (
            <p className={styles.price}>
              {formatMoney(offer.price)} <span className={styles.priceNote}>drive away</span>
            </p>
          ) : null}
          <p>{offer.description}</p>
          <p className={styles.ends}>Offer ends {offerDate(offer.expiry, timeZone)}</p>
          <div className={styles.terms}>
            <p>{terms.preview}</p>
            {terms.truncated ? (
              <details>
                <summary>Full terms</summary>
                <RichText nodes={offer.terms} />
              </details>
            ) : null}
          </div>
          <OfferActions offer={offer} />
        </div>
      </article>
    </li>
  );
}

/** The tenant's dealer-group promotions inside their window (spec §2), each with the car types it is for. */
function GroupPromotions({ promotions, timeZone }: { promotions: Promotion[]; timeZone: string }) {
  return (
    <section aria-labelledby="group-promotions" className={styles.promotions}>
      <h2 id="group-promotions">Dealer group promotions</h2>
      <ul className="grid grid--3">
        {promotions.map((promotion) => (
          <li key={promotion.id} className={`card ${styles.promotionCard}`}>
            <p className={styles.category}>{promotionAudience(promotion.display)}</p>
            <h3>
              <AppLink href={offerHref(promotion.id)}>{promotion.node.heading}</AppLink>
            </h3>
            {promotion.node.body ? <p>{promotion.node.body}</p> : null}
            <p className={styles.ends}>Offer ends {offerDate(new Date(promotionWindow(promotion, timeZone).end.getTime() - 1), timeZone)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
