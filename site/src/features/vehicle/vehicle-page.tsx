import { useEffect } from 'react';
import type { Car } from '../../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { CarTag } from '../../components/car-tag/car-tag.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import savedCarsStyles from '../../components/saved-cars/saved-cars.module.css';
import { PhoneReveal } from '../../components/phone/phone-link.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import { carPhone, noPhoneWarning } from '../../domain/car-phone.ts';
import { carTag } from '../../domain/car-tags.ts';
import { certifiedPreOwned } from '../../domain/certified-pre-owned.ts';
import { FINANCE_DISCLAIMER_ANCHOR } from '../../domain/finance-banner.ts';
import { rateText } from '../../domain/finance.ts';
import { cdnImageUrl } from '../../domain/image-url.ts';
import { formatMoney, formatNumber } from '../../../../schema/number-format.ts';
import { absoluteUrl } from '../../domain/page-head.ts';
import { marketPriceHint, type CtaLink } from '../../domain/vehicle-offer.ts';
import { vehicleBreadcrumbs } from '../../domain/vehicle-breadcrumbs.ts';
import type { VehicleSlots } from './slots.ts';
import { HeldVehicleGallery } from './vehicle-gallery-part.tsx';
import { ActionLink, HydratedLater, Slot } from './vehicle-parts.tsx';
import { vehicleView } from './vehicle-view.ts';
import styles from './vehicle.module.css';

export interface VehiclePageProps {
  car: Car;
  nowSeconds: number;
  /** The switchable parts the route composes in (null when the tenant has them off). */
  slots: VehicleSlots;
}

/** The vehicle detail page (spec §2). */
export function VehiclePage({ car, nowSeconds, slots }: VehiclePageProps) {
  const { Sharing, StickyCarHeader, MobileCtaBar, PriceGauge, SpinViewer, ViewCount, SavedCarControls, WatchlistButton, CertifiedPreOwnedModal, Sections } = slots;
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const { title, available, price, actions, reserveAction, enquireAction, location, disclaimerText, showsEstimate } = vehicleView(car, tenant, slots, leadsToPage, nowSeconds);
  const crumbs = vehicleBreadcrumbs(car, { newLabel: tenant.labels.newTag, usedLabel: tenant.labels.used }, { seriesInTitle: __FEATURE_SERIES_IN_TITLE__, withModel: true });
  const tag = carTag(car, tenant.labels, nowSeconds, tenant.search.justArrivedDays);
  const phone = carPhone(car.location.phone, location?.phone);
  // Spec §8: a car without a phone number warns in the console (once per car shown).
  useEffect(() => {
    if (!phone) console.warn(noPhoneWarning(car));
  }, [phone, car]);
  const printHref = `/print?car_id=${encodeURIComponent(car.slug)}`;
  const printable = __FEATURE_PRINT__ && leadsToPage(printHref);
  const tel = phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : null;
  const reserveCta: CtaLink | null = reserveAction ? { label: tenant.labels.reserveCarNow, href: reserveAction.href, internal: true } : null;
  const enquireCta: CtaLink | null = enquireAction ? { label: tenant.labels.mobileEnquireButton, href: '#enquiry-form', internal: false } : null;
  const callCta: CtaLink | null = tel && phone ? { label: 'Call Now', href: tel, internal: false, phone: { number: phone, carId: car.id, dealershipId: car.dealership_id } } : null;
  const programme = CertifiedPreOwnedModal
    ? certifiedPreOwned(car, {
        enabled: true,
        brand: tenant.dealer.manufacturer ?? tenant.name,
        benefits: tenant.content.whatsIncluded,
        warrantyParagraphs: tenant.content.pages?.warranty?.paragraphs ?? [],
      })
    : null;
  const warrantyHref = ['/pages/warranty', '/warranty'].find((href) => leadsToPage(href)) ?? null;

  return (
    <div className={styles.page} data-testid="vehicle-page" data-car-id={car.id}>
      <Breadcrumbs crumbs={crumbs} />
      {location && !location.primary ? (
        <p className={styles.locatedAt} data-testid="located-at">
          <span>{tenant.labels.locatedAt.replace('{city}', car.location.city ?? location.address.suburb)}</span>
          <a href={`https://www.google.com/maps/dir/?api=1&destination=${location.address.lat},${location.address.long}`} target="_blank" rel="noopener noreferrer">
            Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.media}>
          {SpinViewer && (car.spin_images.length > 0 || car.spin_interior_image || car.walkaround_videos.length > 0) ? (
            <Slot>
              <SpinViewer
                title={title}
                frames={car.spin_images.map((src) => cdnImageUrl(tenant.api.imageCdnBaseUrl, src, 640, tenant.limits.imageQuality) ?? src)}
                interiorImage={cdnImageUrl(tenant.api.imageCdnBaseUrl, car.spin_interior_image, 1280, tenant.limits.imageQuality)}
                walkaroundVideo={car.walkaround_videos[0]?.video.url ?? null}
                gallery={<HeldVehicleGallery car={car} title={title} />}
                defaultView={__FEATURE_VIEWER_DEFAULT_VIEW__}
                autoRotate={__FEATURE_SPIN_AUTO_ROTATE__}
                intervalMs={tenant.limits.spinIntervalMs}
                hotspots={car.hotspots}
              />
            </Slot>
          ) : (
            <HeldVehicleGallery car={car} title={title} />
          )}
        </div>
        <aside className={styles.sidebar} aria-labelledby="vehicle-title">
          {tag ? <CarTag tag={tag} className={styles.tag} as="p" /> : null}
          <h1 id="vehicle-title" className={styles.title}>
            {title}
          </h1>
          <div className={styles.priceBlock} data-testid="vehicle-price">
            {price.kind === 'offer' ? (
              <>
                <span className={styles.price}>{price.text}</span>{' '}
                <span className={styles.was}>
                  <span className="visually-hidden">was </span>
                  <s>{price.wasText}</s>
                </span>
              </>
            ) : (
              <span className={price.kind === 'price' ? styles.price : styles.priceText}>{price.text}</span>
            )}
            {price.kind === 'price' || price.kind === 'offer' ? (car.price_type ? <span className={styles.priceType}> {car.price_type}</span> : null) : null}
          </div>
          {__FEATURE_SUBSCRIPTION_LAYOUT__ && available && (car.subscription_price ?? 0) > 10 ? (
            <p className={styles.subscription}>or subscribe from {formatMoney(car.subscription_price ?? 0)}/week</p>
          ) : null}
          <p className={styles.location}>
            <Icon name="pin" size={16} /> {car.location.name}
            {car.location.city ? `, ${car.location.city}` : ''}
          </p>
          {__FEATURE_MARKET_PRICE_HINT__ && available ? <MarketHint car={car} /> : null}
          {showsEstimate ? <FinanceStrip car={car} tenant={tenant} disclaimer={disclaimerText !== null} /> : null}
          {PriceGauge && available && (price.kind === 'price' || price.kind === 'offer') ? (
            <HydratedLater Part={PriceGauge} props={{ slug: car.slug }} />
          ) : null}
          {!available ? (
            <div className={styles.soldPanel} data-testid="sold-panel">
              <p className={styles.soldHeading}>SOLD</p>
              <p>This car has been sold. We can help you find something similar.</p>
            </div>
          ) : null}
          <ul className={styles.icons} aria-label="At a glance">
            {car.item_type === 'caravan' ? null : (
              <li>
                <Icon name="gauge" size={20} /> {formatNumber(car.km)} km
              </li>
            )}
            {car.simple_transmission ? (
              <li>
                <Icon name="gear" size={20} /> {car.simple_transmission}
              </li>
            ) : null}
            {car.simple_body ? (
              <li>
                <Icon name="body" size={20} /> {car.simple_body}
              </li>
            ) : null}
          </ul>
          {CertifiedPreOwnedModal && programme ? (
            <HydratedLater Part={CertifiedPreOwnedModal} props={{ programme, warrantyHref }} />
          ) : null}
          {actions.length > 0 ? (
            <div className={styles.actions} data-testid="vehicle-actions">
              {actions.map((action, index) => (
                <ActionLink
                  key={action.id}
                  action={action}
                  primary={index === 0 || action.id === 'reserve'}
                  onOpen={action.id === 'history-report' ? () => trackEvent(ANALYTICS_EVENTS.historyReport, { car_id: car.id }) : undefined}
                />
              ))}
            </div>
          ) : null}
          <PhoneReveal
            phone={phone}
            context={{ carId: car.id, dealershipId: car.dealership_id, placement: 'vehicle' }}
            revealed={__FEATURE_PHONE_REVEALED_BY_DEFAULT__}
            icon={<Icon name="phone" size={18} />}
            noNumberText={tenant.labels.callTheDealer}
            className={styles.phone}
            buttonClassName={styles.phoneButton}
            linkClassName={styles.phoneLink}
          />
          {SavedCarControls || WatchlistButton ? (
            // One row for the car's save controls (favourite/compare and the watchlist's SAVE).
            <div className={savedCarsStyles.toggles}>
              {SavedCarControls ? (
                <HydratedLater
                  Part={SavedCarControls}
                  props={{ car: { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url, title } }}
                />
              ) : null}
              {WatchlistButton ? (
                <div data-testid="watchlist-control">
                  <HydratedLater Part={WatchlistButton} props={{ car: { id: car.id, title, available }, className: savedCarsStyles.toggle, onSaved: onWatchlistSaved }} />
                </div>
              ) : null}
            </div>
          ) : null}
          <div className={styles.utility}>
            {Sharing ? (
              <HydratedLater Part={Sharing} props={{ title, url: absoluteUrl(tenant.siteUrl, `/cars/${car.slug}`) }} />
            ) : null}
            {printable ? (
              <a className={styles.utilityLink} href={printHref} target="_blank" rel="noopener">
                Print<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
            {ViewCount ? (
              <HydratedLater Part={ViewCount} props={{ slug: car.slug, photosCount: car.photos_count, updatedAt: car.updated_at }} />
            ) : null}
          </div>
        </aside>
        {/* Below the gallery and the sidebar: hydrated as the shopper scrolls near them, not while the page starts. */}
        <HydratedLater Part={Sections} props={{ car, nowSeconds, slots }} near={{ className: styles.sections ?? '' }} />
      </div>
      {StickyCarHeader ? (
        <HydratedLater Part={StickyCarHeader} props={{ title, priceText: price.text, cta: reserveCta ?? enquireCta ?? callCta, offset: tenant.limits.stickyHeaderOffset }} />
      ) : null}
      {MobileCtaBar ? (
        <HydratedLater Part={MobileCtaBar} props={{ actions: [reserveCta, enquireCta, callCta].filter((cta): cta is CtaLink => cta !== null), styleOffset: tenant.limits.mobileBarStyleOffset }} />
      ) : null}
    </div>
  );
}

function MarketHint({ car }: { car: Car }) {
  const hint = marketPriceHint(car.offer_price && car.offer_price > 10 && car.offer_price < car.price ? car.offer_price : car.price, car.autograb_data);
  if (!hint) return null;
  return (
    <p className={styles.marketHint} data-testid="market-hint">
      {formatMoney(hint.saving)} below the {hint.state ? `${car.state ?? 'state'} ` : ''}average market price of {formatMoney(hint.average)}
    </p>
  );
}

/**
 * The finance estimate strip (spec §9): $ per week at a sample rate, monthly = weekly × 4.33;
 * '-' for a missing rate. Shown only for quote-eligible cars (spec §5).
 */
function FinanceStrip({ car, tenant, disclaimer }: { car: Car; tenant: ResolvedTenant; disclaimer: boolean }) {
  const quote = car.youxQuote;
  if (!quote) return null;
  // The weekly figure is the server's (the same estimate rule, domain finance.ts); monthly = weekly × 4.33.
  const weekly = quote.weeklyRepaymentAmount;
  const estimate = { weekly, monthly: Math.round(weekly * tenant.finance.estimate.weeksPerMonth * 100) / 100 };
  if (!(weekly > tenant.finance.calculator.minRepayment)) return <p className={styles.financeStrip}>{tenant.labels.enquireForFinance}</p>;
  return (
    <div className={styles.financeStrip} data-testid="finance-strip">
      <p>
        <strong>{formatMoney(estimate.weekly)}</strong> per week<span className={styles.muted}> ({formatMoney(estimate.monthly)} per month)</span>
      </p>
      <p className={styles.muted}>
        at {rateText(quote.advertisedRate)}% p.a. (comparison rate {rateText(quote.comparisonRate)}% p.a.) over {tenant.finance.estimate.termYears} years with a {tenant.finance.estimate.depositPercent}% deposit and a {tenant.finance.estimate.balloonPercent}% final payment.{' '}
        Estimate only.
        {disclaimer ? (
          <>
            {' '}
            <a href={`#${FINANCE_DISCLAIMER_ANCHOR}`} className={styles.disclaimerLink}>
              See the finance disclaimer
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** A watchlist save counts as analytics event 39 (spec §7), as on the search cards. */
function onWatchlistSaved(carId: number) {
  trackEvent(ANALYTICS_EVENTS.watchlistSave, { car_id: carId });
}
