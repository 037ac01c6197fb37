import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { RichText } from '../../components/rich-text/rich-text.tsx';
import { promotionWindow } from '../../domain/promotions.ts';
import { promotionAudience, SPECIAL_OFFERS_PATH } from '../../domain/special-offers.ts';
import type { OfferDetailData } from './page-data.ts';
import { OfferActions } from './offer-actions.tsx';
import { offerDate } from '../../domain/offer-date.ts';
import { formatMoney } from '../../../../schema/number-format.ts';
import styles from './special-offers.module.css';

/**
 * The page of one offer (spec §2 /offers/{id}): a special offer from the platform (price, closing
 * date, the full terms) or a dealer-group promotion of the tenant (who it is for, its closing
 * date, its button). The loader has already answered 404 for unknown ids and for offers outside
 * their window. Only in bundles with features.specialOffers on.
 */
export default function OfferDetail({ data }: { data: OfferDetailData }) {
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const title = data.kind === 'offer' ? data.offer.title : data.promotion.node.heading;
  const crumbs = [{ label: 'Home', href: '/' }, { label: 'Special Offers', href: SPECIAL_OFFERS_PATH }, { label: title }];
  const enquire = leadsToPage('/contact-us');
  return (
    <div>
      <header className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={crumbs} />
          <p className={styles.category}>{data.kind === 'offer' ? data.offer.category : promotionAudience(data.promotion.display)}</p>
          <h1 className={styles.title}>{title}</h1>
        </div>
      </header>
      <div className={`container section ${styles.detail}`}>
        {data.kind === 'offer' ? (
          <OfferBody data={data} timeZone={tenant.timeZone} />
        ) : (
          <PromotionBody data={data} timeZone={tenant.timeZone} enquire={enquire} leadsToPage={leadsToPage} />
        )}
        <p>
          <AppLink href={SPECIAL_OFFERS_PATH}>See all special offers</AppLink>
        </p>
      </div>
    </div>
  );
}

function OfferBody({ data, timeZone }: { data: Extract<OfferDetailData, { kind: 'offer' }>; timeZone: string }) {
  const { offer } = data;
  return (
    <div className={styles.detailGrid}>
      <img className={styles.image} src={`${offer.image}?w=960`} alt="" width={960} height={540} fetchPriority="high" decoding="async" />
      <div>
        {offer.price !== null ? (
          <p className={styles.price}>
            {formatMoney(offer.price)} <span className={styles.priceNote}>drive away</span>
          </p>
        ) : null}
        <p>{offer.description}</p>
        <p className={styles.ends}>Offer ends {offerDate(offer.expiry, timeZone)}</p>
        <OfferActions offer={offer} />
        <section aria-labelledby="offer-terms" className={styles.detailTerms}>
          <h2 id="offer-terms">Terms and conditions</h2>
          <RichText nodes={offer.terms} />
        </section>
      </div>
    </div>
  );
}

function PromotionBody({ data, timeZone, enquire, leadsToPage }: { data: Extract<OfferDetailData, { kind: 'promotion' }>; timeZone: string; enquire: boolean; leadsToPage: (href: string) => boolean }) {
  const { promotion } = data;
  const { node } = promotion;
  // The window's end is exclusive; the last moment inside it is the closing date.
  const ends = new Date(promotionWindow(promotion, timeZone).end.getTime() - 1);
  const cta = node.cta && leadsToPage(node.cta.href) ? node.cta : null;
  return (
    <div className={node.image ? styles.detailGrid : undefined}>
      {node.image ? <img className={styles.image} src={node.image} alt="" width={1920} height={540} fetchPriority="high" decoding="async" /> : null}
      <div>
        {node.body ? <p>{node.body}</p> : null}
        <p className={styles.ends}>Offer ends {offerDate(ends, timeZone)}</p>
        <p className={styles.cardActions}>
          {cta ? (
            <AppLink href={cta.href} className="btn btn--primary">
              {cta.label}
            </AppLink>
          ) : null}
          {enquire ? (
            <AppLink href="/contact-us" className={cta ? 'btn btn--outline' : 'btn btn--primary'}>
              Enquire<span className="visually-hidden"> about {node.heading}</span>
            </AppLink>
          ) : null}
        </p>
      </div>
    </div>
  );
}
