import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { EOFY_PATH, eofyPagePath } from '../../domain/eofy-sale.ts';
import { toSlug } from '../../domain/navigation.ts';
import { SPECIAL_OFFERS_PATH } from '../../domain/special-offers.ts';
import type { EofyPageData } from './page-data.ts';
import { OfferCard } from './index.tsx';
import { offerDate } from '../../domain/offer-date.ts';
import { timeZoneName } from '../../../../schema/zoned-time.ts';
import styles from './eofy-sale.module.css';

/**
 * The EOFY sale page (/eofy) and a dealer's own EOFY page (/pages/eofy-*): heading,
 * intro, when the sale ends in the site's time zone, the live offers while it is on (of the
 * page's make), the stock search and the dealer's EOFY pages. Before June it says the sale is
 * coming, from 1 July that it has ended, and leads to the special offers. Every link only where
 * its page exists. Only in bundles with features.eofySale on.
 */
export default function EofySalePage({ data }: { data: EofyPageData }) {
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const { sale, offers, page } = data;
  const settings = tenant.content.eofySale;
  const saleName = settings.heading;
  const heading = page ? page.title : saleName;
  const intro = page ? page.intro : (tenant.content.eofySale.intro ?? `End of financial year run-out deals at ${tenant.name}. Every offer below is on until the sale closes at midnight on 30 June.`);
  const ends = offerDate(sale.end, tenant.timeZone);
  const crumbs = page ? [{ label: 'Home', href: '/' }, { label: saleName, href: EOFY_PATH }, { label: page.title }] : [{ label: 'Home', href: '/' }, { label: saleName }];
  const stockPath = page?.make ? `/search/${toSlug(page.make)}` : tenant.routes.defaultSearchPath;
  const stockLabel = page?.make ? `Browse ${page.make} stock` : 'Browse all stock';
  const otherPages = settings.pages.filter((p) => p.slug !== page?.slug && leadsToPage(eofyPagePath(p.slug)));
  const offersPage = leadsToPage(SPECIAL_OFFERS_PATH);
  return (
    <div>
      <header className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={crumbs} />
          <p className={styles.eyebrow}>End of financial year {sale.year}</p>
          <h1 className={styles.title}>{heading}</h1>
          {/* The dealer's copy sells the sale: not shown once it has ended (the status says so). */}
          {sale.phase === 'ended' ? null : <p className={styles.intro}>{intro}</p>}
          <p className={styles.status}>
            {sale.phase === 'on' ? (
              <>
                <strong>On now.</strong> Sale ends 11:59 pm, {ends} ({timeZoneName(tenant.timeZone)}).
              </>
            ) : sale.phase === 'upcoming' ? (
              <>
                <strong>Coming soon.</strong> The {sale.year} EOFY sale runs from {offerDate(sale.start, tenant.timeZone)} to {ends}.
              </>
            ) : (
              <>
                <strong>This sale has ended.</strong> The {sale.year} EOFY sale closed on {ends}; the next one starts in June {sale.year + 1}.
              </>
            )}
          </p>
          <p className={styles.actions}>
            {sale.phase !== 'on' && offersPage ? (
              <AppLink href={SPECIAL_OFFERS_PATH} className="btn btn--primary">
                See current special offers
              </AppLink>
            ) : null}
            {leadsToPage(stockPath) ? (
              <AppLink href={stockPath} className={sale.phase === 'on' ? 'btn btn--primary' : 'btn btn--outline'}>
                {stockLabel}
              </AppLink>
            ) : null}
          </p>
        </div>
      </header>
      <div className="container section">
        {sale.phase === 'on' ? (
          <section aria-labelledby="eofy-offers" className={styles.section}>
            <h2 id="eofy-offers">{page?.make ? `${page.make} EOFY offers` : 'EOFY offers'}</h2>
            {offers.length > 0 ? (
              <ul className={`grid grid--3 ${styles.list}`}>
                {offers.map((offer, index) => (
                  <OfferCard key={offer.id} offer={offer} timeZone={tenant.timeZone} termsLength={tenant.limits.termsPreviewLength} eager={index === 0} />
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>
                New EOFY offers are on their way. {offersPage ? <AppLink href={SPECIAL_OFFERS_PATH}>See all special offers</AppLink> : null}
              </p>
            )}
          </section>
        ) : null}
        {otherPages.length > 0 || page ? (
          <section aria-labelledby="eofy-pages" className={styles.section}>
            <h2 id="eofy-pages">{page ? 'More EOFY deals' : 'EOFY deals by dealership'}</h2>
            <ul className={`grid grid--3 ${styles.list}`}>
              {page ? (
                <li className={`card ${styles.pageCard}`}>
                  <h3>
                    <AppLink href={EOFY_PATH}>{saleName}</AppLink>
                  </h3>
                  <p>Every EOFY offer from {tenant.name} in one place.</p>
                </li>
              ) : null}
              {otherPages.map((p) => (
                <li key={p.slug} className={`card ${styles.pageCard}`}>
                  <h3>
                    <AppLink href={eofyPagePath(p.slug)}>{p.title}</AppLink>
                  </h3>
                  <p>{p.intro}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
