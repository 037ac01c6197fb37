import { memo, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { Car } from '../../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { trackEvent } from '../../app/analytics.ts';
import { useTenant } from '../../app/tenant-context.tsx';
import savedCarsStyles from '../../components/saved-cars/saved-cars.module.css';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { isAvailable, isPurchasable } from '../../domain/availability.ts';
import { carTag } from '../../domain/car-tags.ts';
import { isQuoteEligible, rateText } from '../../domain/finance.ts';
import { fuelCalculatorShown } from '../../domain/fuel-cost.ts';
import { cdnImageUrl } from '../../domain/image-url.ts';
import { formatMoney } from '../../domain/price-display.ts';
import { dealerCommentsView, visibleItems } from '../../domain/text-truncation.ts';
import { marketPriceHint, reserveDeposit, vehicleActions, type CtaLink, type VehicleAction } from '../../domain/vehicle-offer.ts';
import { vehicleBreadcrumbs } from '../../domain/vehicle-breadcrumbs.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';
import { absoluteUrl } from '../../domain/page-head.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { useLeadsToPage } from '../../app/route-exists.ts';
import { SimilarCars } from './similar-cars.tsx';
import { useNearViewport } from './use-near-viewport.ts';
import { SIMILAR_CARS_LAZY_MARGIN_PX } from '../../domain/similar-cars.ts';
import type { VehicleSlots } from './slots.ts';
import { VehicleGallery } from './vehicle-gallery.tsx';
import { LocationMap } from '../../components/location-map/location-map.tsx';
import { keyInformation, specifications, type Fact } from './vehicle-facts.ts';
import { vehiclePrice } from './vehicle-price.ts';
import styles from './vehicle.module.css';
import { CarTag } from '../../components/car-tag/car-tag.tsx';
import { formatNumber } from '../../domain/number-format.ts';
import { certifiedPreOwned } from '../../domain/certified-pre-owned.ts';
import { FINANCE_DISCLAIMER_ANCHOR, financeBanner } from '../../domain/finance-banner.ts';
import { directionsUrl, locationPath } from '../../domain/location-pages.ts';
import { threeFeatureBanner } from '../../domain/three-feature-banner.ts';
import { usedCarChecks, usedCarChecksShown } from '../../domain/used-car-checks.ts';
import { FinanceBanner, FinanceDisclaimer } from './vehicle-finance.tsx';

export interface VehiclePageProps {
  car: Car;
  nowSeconds: number;
  /** The switchable parts the route composes in (null when the tenant has them off). */
  slots: VehicleSlots;
}

function conditionLabel(tenant: ResolvedTenant, type: string): string {
  if (type === 'new') return tenant.labels.newTag;
  if (type === 'used') return tenant.labels.used;
  return 'Demo';
}

/** The vehicle detail page (spec §2). */
export function VehiclePage({ car, nowSeconds, slots }: VehiclePageProps) {
  const { EnquiryForm, FuelCalculator, Sharing, StickyCarHeader, MobileCtaBar, PriceGauge, FinanceCalculator, SpinViewer, DeliveryCalculator, ViewCount, SavedCarControls, WatchlistButton, Blogs } = slots;
  const { UsedCarChecks, CertifiedPreOwnedModal, ThreeFeatureBanner } = slots;
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const title = vehicleTitle(car, __FEATURE_SERIES_IN_TITLE__);
  const available = isAvailable(car);
  const purchasable = isPurchasable(car);
  const currentYear = new Date(nowSeconds * 1000).getUTCFullYear();
  const crumbs = vehicleBreadcrumbs(car, { newLabel: tenant.labels.newTag, usedLabel: tenant.labels.used }, { seriesInTitle: __FEATURE_SERIES_IN_TITLE__, withModel: true });
  const price = vehiclePrice(car, tenant);
  const tag = carTag(car, tenant.labels, nowSeconds, tenant.search.justArrivedDays);
  const hasEnquiryForm = EnquiryForm !== null;
  // A button shows when its rule holds (domain vehicleActions) and its page exists in this
  // tenant's route tree (or it is an in-page form that is present).
  const actions = vehicleActions(car, {
    historyReport: __FEATURE_HISTORY_REPORT__,
    financeEnquiry: __FEATURE_FINANCE_ENQUIRY__,
    tradeIn: __FEATURE_TRADE_IN__,
    reserveButton: __FEATURE_RESERVE_BUTTON__,
    onlinePurchase: __FEATURE_ONLINE_PURCHASE__,
    financePath: tenant.routes.financePath,
    checkoutPathVariant: tenant.routes.checkoutPathVariant,
    financeButton: tenant.labels.financeButton,
    tradeInButton: tenant.labels.tradeInButton,
    reserveCarNow: tenant.labels.reserveCarNow,
    onlinePurchaseLabel: tenant.labels.onlinePurchase,
    tradeInMaxAgeYears: tenant.limits.tradeInMaxAgeYears,
    tradeInMaxKm: tenant.limits.tradeInMaxKm,
    currentYear,
  }).filter((action) => (action.href.endsWith('#enquiry-form') ? hasEnquiryForm : leadsToPage(action.href)));
  const reserveAction = actions.find((action) => action.id === 'reserve') ?? null;
  const enquireAction = actions.find((action) => action.id === 'enquire' || action.id === 'find-similar') ?? null;
  const tenantLocation = tenant.dealer.locations.find((location) => location.slug === car.location.slug);
  const atOtherLocation = tenantLocation !== undefined && !tenantLocation.primary;
  const phone = car.location.phone ?? tenantLocation?.phone ?? null;
  const printHref = `/print?car_id=${encodeURIComponent(car.slug)}`;
  const printable = __FEATURE_PRINT__ && leadsToPage(printHref);
  const tel = phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : null;
  const reserveCta: CtaLink | null = reserveAction ? { label: tenant.labels.reserveCarNow, href: reserveAction.href, internal: true } : null;
  const enquireCta: CtaLink | null = enquireAction ? { label: tenant.labels.mobileEnquireButton, href: '#enquiry-form', internal: false } : null;
  const callCta: CtaLink | null = tel ? { label: 'Call Now', href: tel, internal: false } : null;
  const lenderFigures = tenant.finance.provider ? car.finance_lenders[tenant.finance.provider] : undefined;
  // The estimate strip and banner show a comparison rate; the calculator its own figures.
  const showsEstimate = __FEATURE_FINANCE_ESTIMATE__ && isQuoteEligible(car) && car.youxQuote !== null && car.youxQuote !== undefined;
  const showsCalculator = FinanceCalculator !== null && available && Boolean(tenant.finance.provider) && (price.kind === 'price' || price.kind === 'offer');
  const disclaimerText = showsEstimate || showsCalculator ? (tenant.finance.disclaimer ?? lenderFigures?.disclaimer ?? null) : null;
  const banner = financeBanner(car, {
    enabled: __FEATURE_FINANCE_ESTIMATE__,
    financePath: tenant.routes.financePath,
    getFinance: tenant.labels.getFinance,
    preApproved: tenant.labels.preApproved,
    weeksPerMonth: tenant.finance.estimate.weeksPerMonth,
  });
  const bannerLinks = banner ? { ...banner, links: banner.links.filter((link) => leadsToPage(link.href)) } : null;
  const checks = UsedCarChecks && usedCarChecksShown(car, true) ? usedCarChecks(car, nowSeconds) : [];
  const programme = CertifiedPreOwnedModal
    ? certifiedPreOwned(car, {
        enabled: true,
        brand: tenant.dealer.manufacturer ?? tenant.name,
        benefits: tenant.content.whatsIncluded,
        warrantyParagraphs: tenant.content.pages?.warranty?.paragraphs ?? [],
      })
    : null;
  const warrantyHref = ['/pages/warranty', '/warranty'].find((href) => leadsToPage(href)) ?? null;
  const tiles = ThreeFeatureBanner ? threeFeatureBanner(true, { serviceBookingUrl: tenant.routes.serviceBookingUrl, getYourValuation: tenant.labels.getYourValuation }, leadsToPage) : [];

  return (
    <div className={styles.page} data-testid="vehicle-page" data-car-id={car.id}>
      <Breadcrumbs crumbs={crumbs} />
      {atOtherLocation && tenantLocation ? (
        <p className={styles.locatedAt} data-testid="located-at">
          <span>{tenant.labels.locatedAt.replace('{city}', car.location.city ?? tenantLocation.address.suburb)}</span>
          <a href={`https://www.google.com/maps/dir/?api=1&destination=${tenantLocation.address.lat},${tenantLocation.address.long}`} target="_blank" rel="noopener noreferrer">
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
                gallery={<VehicleGallery car={car} title={title} />}
                defaultView={__FEATURE_VIEWER_DEFAULT_VIEW__}
                autoRotate={__FEATURE_SPIN_AUTO_ROTATE__}
                intervalMs={tenant.limits.spinIntervalMs}
                hotspots={car.hotspots}
              />
            </Slot>
          ) : (
            <VehicleGallery car={car} title={title} />
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
          {__FEATURE_FINANCE_ESTIMATE__ && isQuoteEligible(car) ? <FinanceStrip car={car} tenant={tenant} disclaimer={disclaimerText !== null} /> : null}
          {PriceGauge && available && (price.kind === 'price' || price.kind === 'offer') ? (
            <Slot>
              <PriceGauge slug={car.slug} />
            </Slot>
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
            <Slot>
              <CertifiedPreOwnedModal programme={programme} warrantyHref={warrantyHref} />
            </Slot>
          ) : null}
          {actions.length > 0 ? (
            <div className={styles.actions} data-testid="vehicle-actions">
              {actions.map((action, index) => (
                <ActionLink key={action.id} action={action} primary={index === 0 || action.id === 'reserve'} />
              ))}
            </div>
          ) : null}
          {phone ? <PhoneBlock phone={phone} /> : null}
          {SavedCarControls || WatchlistButton ? (
            // One row for the car's save controls (favourite/compare and the watchlist's SAVE).
            <div className={savedCarsStyles.toggles}>
              {SavedCarControls ? (
                <Slot>
                  <SavedCarControls car={{ id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url, title }} />
                </Slot>
              ) : null}
              {WatchlistButton ? (
                <div data-testid="watchlist-control">
                  <Slot>
                    <WatchlistButton car={{ id: car.id, title, available }} className={savedCarsStyles.toggle} onSaved={onWatchlistSaved} />
                  </Slot>
                </div>
              ) : null}
            </div>
          ) : null}
          <div className={styles.utility}>
            {Sharing ? (
              <Slot>
                <Sharing title={title} url={absoluteUrl(tenant.siteUrl, `/cars/${car.slug}`)} />
              </Slot>
            ) : null}
            {printable ? (
              <a className={styles.utilityLink} href={printHref} target="_blank" rel="noopener">
                Print<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
            {ViewCount ? (
              <Slot>
                <ViewCount slug={car.slug} photosCount={car.photos_count} />
              </Slot>
            ) : null}
          </div>
        </aside>
        <div className={styles.sections}>
          <Section id="key-information" title="Key information">
            <FactList facts={keyInformation(car, conditionLabel(tenant, car.car_type))} shown={Number.POSITIVE_INFINITY} />
          </Section>
          <DealerComments car={car} tenant={tenant} />
          {car.standardEquipment.length > 0 ? <Features items={car.standardEquipment} shown={tenant.limits.featuresShown} /> : null}
          <Specifications facts={specifications(car)} shown={tenant.limits.specsShown} />
          {UsedCarChecks && checks.length > 0 ? (
            <Section id="used-car-checks" title="Used-car checks">
              <Slot>
                <UsedCarChecks checks={checks} reportHref={__FEATURE_HISTORY_REPORT__ ? car.file : null} />
              </Slot>
            </Section>
          ) : null}
          {tenant.content.whatsIncluded.length > 0 ? (
            <Section id="whats-included" title="What's Included">
              <ul className={styles.ticks}>
                {tenant.content.whatsIncluded.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </Section>
          ) : null}
          {tenant.content.whyBuyFromUs.length > 0 ? (
            <Section id="why-buy-from-us" title="Why Buy From Us?">
              <ul className={styles.ticks}>
                {tenant.content.whyBuyFromUs.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </Section>
          ) : null}
          {__FEATURE_RESERVE_BUTTON__ && purchasable ? (
            <Section id="reserve-online" title="Reserve Online">
              <p>
                Reserve this car online with a {formatMoney(reserveDeposit(car.reserve_deposit, tenant.limits.reserveDepositFallback))} deposit. We hold it for you for{' '}
                {tenant.limits.reserveHoldHours} hours, and the deposit is fully refundable.
              </p>
              {reserveAction ? <ActionLink action={reserveAction} primary /> : null}
            </Section>
          ) : null}
          {bannerLinks ? (
            <FinanceBanner
              banner={bannerLinks}
              termYears={tenant.finance.estimate.termYears}
              depositPercent={tenant.finance.estimate.depositPercent}
              balloonPercent={tenant.finance.estimate.balloonPercent}
            />
          ) : null}
          {FinanceCalculator && showsCalculator && tenant.finance.provider ? (
            <Section id="finance-calculator" title="Finance calculator">
              <HydratedLater Part={FinanceCalculator} props={{ tenant, carId: car.id, price: price.amount, lenderRate: lenderFigures?.interestRate ?? null }} />
            </Section>
          ) : null}
          {FuelCalculator && fuelCalculatorShown(car.simple_fuel) ? (
            <Section id="fuel-calculator" title="Fuel cost calculator">
              <HydratedLater Part={FuelCalculator} props={{ consumption: car.variant?.fuelconsumptioncombined ?? null, pricePerLitre: tenant.limits.fuelPricePerLitre, kmPerWeek: tenant.limits.fuelKmPerWeek }} />
            </Section>
          ) : null}
          {DeliveryCalculator && available ? (
            <Section id="delivery-calculator" title="Delivery calculator">
              <HydratedLater Part={DeliveryCalculator} props={{ carId: car.id }} />
            </Section>
          ) : null}
          {tenantLocation ? (
            <Section id="vehicle-map" title="Where this car is">
              <div className={styles.vehicleMap}>
                <figure className={styles.vehicleMapFigure}>
                  <LocationMap
                    locations={[tenantLocation.slug]}
                    current={tenantLocation.slug}
                    width={640}
                    height={360}
                    title={`Map of ${tenantLocation.name}, ${tenantLocation.address.street}, ${tenantLocation.address.suburb}`}
                  />
                </figure>
                <div className={styles.vehicleMapDetails}>
                  <p>
                    <strong>{tenantLocation.name}</strong>
                  </p>
                  <p>
                    {tenantLocation.address.street}, {tenantLocation.address.suburb} {tenantLocation.address.state} {tenantLocation.address.postcode}
                  </p>
                  <div className={styles.vehicleMapLinks}>
                    <a
                      className={styles.action}
                      href={directionsUrl({ lat: tenantLocation.address.lat, long: tenantLocation.address.long, text: tenantLocation.address.street })}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Get Directions<span className="visually-hidden"> to {tenantLocation.name} (opens in a new tab)</span>
                    </a>
                    {leadsToPage(locationPath(tenantLocation.slug)) ? (
                      <AppLink className={styles.action} href={locationPath(tenantLocation.slug)}>
                        View Location Details
                      </AppLink>
                    ) : null}
                  </div>
                </div>
              </div>
            </Section>
          ) : null}
          {EnquiryForm ? (
            // The form is its own titled section; this is where Enquire and Find Me Something Similar lead.
            <div id="enquiry-form" className={styles.section}>
              <HydratedLater Part={EnquiryForm} props={{ car, title: available ? tenant.labels.enquiryFormTitle : 'Find Me Something Similar', carSummary: false }} />
            </div>
          ) : null}
          {/* After the form: similar cars load as they come near, and would push the form down if above it. */}
          <SimilarCars car={{ id: car.id, slug: car.slug, price: car.price }} />
          {Blogs ? (
            <WhenNear testId="vehicle-blogs-slot">
              <Blogs />
            </WhenNear>
          ) : null}
          {ThreeFeatureBanner && tiles.length > 0 ? (
            <Slot>
              <ThreeFeatureBanner tiles={tiles} />
            </Slot>
          ) : null}
          {disclaimerText ? (
            <FinanceDisclaimer text={disclaimerText} previewLength={tenant.limits.termsPreviewLength} comparisonExample={showsEstimate ? tenant.finance.comparisonRateExample : null} />
          ) : null}
        </div>
      </div>
      {StickyCarHeader ? (
        <Slot>
          <StickyCarHeader title={title} priceText={price.text} cta={reserveCta ?? enquireCta ?? callCta} offset={tenant.limits.stickyHeaderOffset} />
        </Slot>
      ) : null}
      {MobileCtaBar ? (
        <Slot>
          <MobileCtaBar actions={[reserveCta, enquireCta, callCta].filter((cta): cta is CtaLink => cta !== null)} styleOffset={tenant.limits.mobileBarStyleOffset} />
        </Slot>
      ) : null}
    </div>
  );
}

/**
 * A switchable part in its own Suspense boundary: in the browser its code may still be loading
 * when the page hydrates, and only that part — not the whole page — waits for it (the rest of
 * the page is interactive at once; a click on the gallery is never lost to a pending chunk).
 */
function Slot({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * A part the browser hydrates after the rest of the page (routes/cars/-vehicle-slots.ts
 * HYDRATED_LATER): its Suspense boundary keeps the server's HTML until the part's code has
 * arrived. Memoised on the part and its props' values, so a render of the page meanwhile does not
 * reach the boundary: an update there before it has hydrated would make React drop the server's
 * HTML and render the part afresh (losing what the shopper had typed). Give it steady props.
 */
function HydratedLaterPart<P extends object>({ Part, props }: { Part: ComponentType<P>; props: P }) {
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}

const HydratedLater = memo(
  HydratedLaterPart,
  (before, after) => before.Part === after.Part && shallowEqual(before.props as Record<string, unknown>, after.props as Record<string, unknown>),
) as typeof HydratedLaterPart;

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** Mounts a lazy part once its place comes within 500 px of the viewport (as similar cars load), never on the server. */
function WhenNear({ testId, children }: { testId: string; children: ReactNode }) {
  const { ref, near } = useNearViewport(SIMILAR_CARS_LAZY_MARGIN_PX);
  return (
    <div ref={ref} data-testid={testId}>
      {near ? <Slot>{children}</Slot> : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function ActionLink({ action, primary }: { action: VehicleAction; primary: boolean }) {
  const className = primary ? styles.actionPrimary : styles.action;
  if (action.external) {
    return (
      <a className={className} href={action.href} target="_blank" rel="noopener">
        {action.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <AppLink className={className} href={action.href}>
      {action.label}
    </AppLink>
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

function PhoneBlock({ phone }: { phone: string }) {
  const [revealed, setRevealed] = useState(__FEATURE_PHONE_REVEALED_BY_DEFAULT__);
  const tel = `tel:${phone.replace(/[^\d+]/g, '')}`;
  return (
    <div className={styles.phone}>
      {revealed ? (
        <a href={tel} className={styles.phoneLink} data-testid="phone-number">
          <Icon name="phone" size={18} /> {phone}
        </a>
      ) : (
        <button type="button" className={styles.phoneButton} onClick={() => setRevealed(true)}>
          <Icon name="phone" size={18} /> Show phone number
        </button>
      )}
    </div>
  );
}

function DealerComments({ car, tenant }: { car: Car; tenant: ResolvedTenant }) {
  const [open, setOpen] = useState(false);
  const view = dealerCommentsView(car.dealercomments, { full: __FEATURE_FULL_DEALER_COMMENTS__, limit: tenant.limits.dealerCommentsLength, emptyText: tenant.labels.emptyDealerComments });
  const text = open ? car.dealercomments.trim() : view.preview;
  return (
    <Section id="dealer-comments" title={tenant.labels.dealerComments}>
      <div className={styles.comments} data-testid="dealer-comments">
        {text.split(/\n{2,}/).map((paragraph, index) => (
          // oxlint-disable-next-line react/no-array-index-key -- paragraphs of one text, never reordered
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {view.truncated ? (
        <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Less' : 'More'}
        </button>
      ) : null}
    </Section>
  );
}

function Features({ items, shown }: { items: string[]; shown: number }) {
  const [open, setOpen] = useState(false);
  const { hasMore } = visibleItems(items, shown, open);
  return (
    <Section id="features" title="Features">
      <ul className={styles.features} id="features-list">
        {items.map((item, index) => (
          <li key={item} hidden={!open && index >= shown}>
            {item}
          </li>
        ))}
      </ul>
      {hasMore ? (
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="features-list" onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show All'}
        </button>
      ) : null}
    </Section>
  );
}

function Specifications({ facts, shown }: { facts: Fact[]; shown: number }) {
  const [open, setOpen] = useState(false);
  if (facts.length === 0) return null;
  const { hasMore } = visibleItems(facts, shown, open);
  return (
    <Section id="specifications" title="All Specifications">
      <FactList facts={facts} shown={open ? Number.POSITIVE_INFINITY : shown} id="specifications-list" />
      {hasMore ? (
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="specifications-list" onClick={() => setOpen(!open)}>
          {open ? 'Show Less' : 'Show More'}
        </button>
      ) : null}
    </Section>
  );
}

function FactList({ facts, shown, id }: { facts: Fact[]; shown: number; id?: string }) {
  return (
    <dl className={styles.facts} id={id}>
      {facts.map((fact, index) => (
        <div key={fact.label} className={styles.fact} hidden={index >= shown}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A watchlist save counts as analytics event 39 (spec §7), as on the search cards. */
function onWatchlistSaved(carId: number) {
  trackEvent(ANALYTICS_EVENTS.watchlistSave, { car_id: carId });
}
