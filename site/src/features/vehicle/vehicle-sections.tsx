import { useState, type ReactNode } from 'react';
import type { Car } from '../../../../schema/api/car.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { LocationMap } from '../../components/location-map/location-map.tsx';
import { financeBanner } from '../../domain/finance-banner.ts';
import { fuelCalculatorShown } from '../../domain/fuel-cost.ts';
import { directionsUrl, locationPath } from '../../domain/location-pages.ts';
import { type PriceDisplay } from '../../domain/price-display.ts';
import { SIMILAR_CARS_LAZY_MARGIN_PX } from '../../domain/similar-cars.ts';
import { dealerCommentsView, visibleItems } from '../../domain/text-truncation.ts';
import { threeFeatureBanner } from '../../domain/three-feature-banner.ts';
import { usedCarChecks, usedCarChecksShown } from '../../domain/used-car-checks.ts';
import { reserveDeposit } from '../../domain/vehicle-offer.ts';
import { SimilarCars } from './similar-cars.tsx';
import type { VehicleSectionsProps } from './slots.ts';

export type { VehicleSectionsProps } from './slots.ts';
import { useNearViewport } from './use-near-viewport.ts';
import { carSummary, keyInformation, specifications, type Fact } from '../../domain/vehicle-facts.ts';
import { FinanceBanner, FinanceDisclaimer } from './vehicle-finance.tsx';
import { ActionLink, HydratedLater, Section, Slot } from './vehicle-parts.tsx';
import { vehicleView } from './vehicle-view.ts';
import { formatMoney } from '../../../../schema/number-format.ts';
import styles from './vehicle.module.css';
import { consumptionOf } from '../../domain/fuel-cost.ts';


/**
 * The vehicle page's sections below its gallery and sidebar (spec §2): key information, dealer
 * comments, features, specifications, what's included, reserve online, finance, the calculators,
 * the map, the enquiry form, similar cars, blogs and the disclaimer. Below the fold on a phone, so
 * the browser hydrates them after the top of the page (routes/cars/-vehicle-later.ts); the
 * server's HTML stands meanwhile, and a click on More or Show All is held and replayed.
 */
export default function VehicleSections({ car, nowSeconds, slots }: VehicleSectionsProps) {
  const { EnquiryForm, FuelCalculator, FinanceCalculator, DeliveryCalculator, Blogs, UsedCarChecks, ThreeFeatureBanner } = slots;
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const { title, price, available, reservable, reserveAction, location, lenderFigures, showsEstimate, calculatorAmount, disclaimerText } = vehicleView(car, tenant, slots, leadsToPage, nowSeconds);
  const banner = financeBanner(car, {
    enabled: showsEstimate,
    financePath: tenant.routes.financePath,
    getFinance: tenant.labels.getFinance,
    preApproved: tenant.labels.preApproved,
    weeksPerMonth: tenant.finance.estimate.weeksPerMonth,
  });
  const bannerLinks = banner ? { ...banner, links: banner.links.filter((link) => leadsToPage(link.href)) } : null;
  const checks = UsedCarChecks && usedCarChecksShown(car, true) ? usedCarChecks(car, nowSeconds) : [];
  const tiles = ThreeFeatureBanner ? threeFeatureBanner(true, { serviceBookingUrl: tenant.routes.serviceBookingUrl, getYourValuation: tenant.labels.getYourValuation }, leadsToPage) : [];

  return (
    <>
      <Section id="key-information" title="Key information">
        <FactList facts={keyInformation(car, tenant.labels)} shown={Number.POSITIVE_INFINITY} />
      </Section>
      <DealerComments car={car} tenant={tenant} />
      {car.standardEquipment.length > 0 ? <Features items={car.standardEquipment} shown={tenant.limits.featuresShown} /> : null}
      <Specifications facts={specifications(car)} shown={tenant.limits.specsShown} />
      {UsedCarChecks && checks.length > 0 ? (
        <Section id="used-car-checks" title="Used-car checks">
          <Slot>
            <UsedCarChecks checks={checks} reportHref={__FEATURE_HISTORY_REPORT__ ? car.file : null} carId={car.id} />
          </Slot>
        </Section>
      ) : null}
      <TickSection id="whats-included" title="What's Included" items={tenant.content.whatsIncluded} />
      <TickSection id="why-buy-from-us" title="Why Buy From Us?" items={tenant.content.whyBuyFromUs} />
      <TickSection id="protect-your-car" title="Protect Your Car" items={tenant.content.protectYourCar} />
      {__FEATURE_RESERVE_BUTTON__ && reservable ? (
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
      {FinanceCalculator && calculatorAmount !== null ? (
        <Section id="finance-calculator" title="Finance calculator">
          <HydratedLater Part={FinanceCalculator} props={{ tenant, carId: car.id, price: calculatorAmount, lenderRate: lenderFigures?.interestRate ?? car.youxQuote?.advertisedRate ?? null }} />
        </Section>
      ) : null}
      {FuelCalculator && fuelCalculatorShown(car.simple_fuel) ? (
        <Section id="fuel-calculator" title="Fuel cost calculator">
          <HydratedLater Part={FuelCalculator} props={{ consumption: consumptionOf(car.variant?.fuelconsumptioncombined, tenant.limits.fuelFallbackLitresPer100Km), pricePerLitre: tenant.limits.fuelPricePerLitre, kmPerWeek: tenant.limits.fuelKmPerWeek }} />
        </Section>
      ) : null}
      {DeliveryCalculator && available ? (
        <Section id="delivery-calculator" title="Delivery calculator">
          <HydratedLater Part={DeliveryCalculator} props={{ carId: car.id }} />
        </Section>
      ) : null}
      {location ? (
        <Section id="vehicle-map" title="Where this car is">
          <div className={styles.vehicleMap}>
            <figure className={styles.vehicleMapFigure}>
              <LocationMap
                locations={[location.slug]}
                current={location.slug}
                width={640}
                height={360}
                title={`Map of ${location.name}, ${location.address.street}, ${location.address.suburb}`}
              />
            </figure>
            <div className={styles.vehicleMapDetails}>
              <p>
                <strong>{location.name}</strong>
              </p>
              <p>
                {location.address.street}, {location.address.suburb} {location.address.state} {location.address.postcode}
              </p>
              <div className={styles.vehicleMapLinks}>
                <a
                  className={styles.action}
                  href={directionsUrl({ lat: location.address.lat, long: location.address.long, text: location.address.street })}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Get Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
                </a>
                {leadsToPage(locationPath(location.slug)) ? (
                  <AppLink className={styles.action} href={locationPath(location.slug)}>
                    View Location Details
                  </AppLink>
                ) : null}
              </div>
            </div>
          </div>
        </Section>
      ) : null}
      {/* A recap of the car just above the enquiry form, so the shopper sees what they ask about. */}
      <Section id="car-summary" title="Car Summary">
        <FactList facts={carSummary(car, title, summaryPrice(price, car.price_type))} shown={Number.POSITIVE_INFINITY} />
      </Section>
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

    </>
  );
}

/** The price as the page's header shows it, in words for the summary ('$27,990 Drive Away', '$129/week'). */
function summaryPrice(price: PriceDisplay, priceType: string | null | undefined): string {
  if (price.kind === 'price' || price.kind === 'offer') return [price.text, priceType].filter(Boolean).join(' ');
  if (price.kind === 'subscription' || price.kind === 'finance') return `${price.text}${price.suffix}`;
  return price.text;
}

/** A titled list of the dealer's points, ticked; nothing when the tenant has none. */
function TickSection({ id, title, items }: { id: string; title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Section id={id} title={title}>
      <ul className={styles.ticks}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Section>
  );
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
