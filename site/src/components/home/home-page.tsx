import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { defaultSearchPath } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { itemNoun } from '../../domain/item-noun.ts';
import { AppLink } from '../app-link/app-link.tsx';
import { Claims } from '../claims/claims.tsx';
import { HomePromotions } from './promotions.tsx';
import type { HomeSections } from '../layout/frame-slots.ts';
import styles from './home-page.module.css';
import { PhoneLink } from '../phone/phone-link.tsx';


// Copy under the used quick link follows the site template (certified-pre-owned sites sell
// inspected, certified cars; superstores volume).
const USED_TEXT: Partial<Record<ResolvedTenant['template'], string>> = {
  'certified-pre-owned': 'Certified pre-owned, inspected and guaranteed',
  'used-car-superstore': 'Hundreds in stock, ready to drive away',
};

/** Car-type quick links (spec §2 /search/{cartype}-cars), minus types the stock filter excludes. */
function carTypeLinks(tenant: ResolvedTenant) {
  const noun = itemNoun(tenant.search.itemType).many;
  const filter = tenant.stockFilter;
  const excluded = new Set<string>(filter.excludeCarTypes);
  const all = [
    { type: 'new', label: `New ${noun}`, text: 'Factory fresh, full warranty', href: '/search/new-cars' },
    { type: 'demo', label: `Demo ${noun}`, text: 'Low kilometres, big savings', href: '/search/demo-cars' },
    { type: 'used', label: `Used ${noun}`, text: USED_TEXT[tenant.template] ?? 'Quality checked and ready to go', href: '/search/used-cars' },
  ];
  return all.filter((link) => !excluded.has(link.type) && (!filter.usedOnly || link.type === 'used'));
}

function HeroSearch({ searchPath, noun }: { searchPath: string; noun: string }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read the field itself: words typed before the page hydrated are in the field, not in state.
    const q = String(new FormData(event.currentTarget).get('query') ?? query).trim();
    void navigate({ href: q ? `${searchPath}?query=${encodeURIComponent(q)}` : searchPath });
  };
  return (
    <search className={styles.search} aria-label={`Search ${noun}`}>
      {/* A plain GET to the stock search until the scripts run (and for crawlers). */}
      <form onSubmit={onSubmit} className={styles.searchForm} action={searchPath} method="get">
      <label htmlFor={`${id}-q`} className={styles.searchLabel}>
        Find your next {noun.replace(/s$/, '')}
      </label>
      <div className={styles.searchRow}>
        <input
          id={`${id}-q`}
          type="search"
          name="query"
          placeholder="Make, model or keyword"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={styles.searchInput}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </div>
      </form>
      <AppLink href={searchPath} className={styles.browseAll}>
        Browse all new, used and demo stock
      </AppLink>
    </search>
  );
}

/** The home page: hero with a stock search entry, quick links, offers, claims, locations and switchable sections. */
export function HomePage({ now, Sections }: { now: Date; Sections: HomeSections }) {
  const tenant = useTenant();
  const home = tenant.content.home;
  const searchPath = defaultSearchPath(tenant);
  const noun = itemNoun(tenant.search.itemType).many;
  const links = carTypeLinks(tenant);
  const locations = tenant.dealer.locations.filter((location) => location.visible);

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-heading">
        {home?.heroImage ? (
          <img className={styles.heroImage} src={home.heroImage} alt="" width={1920} height={1080} fetchPriority="high" />
        ) : null}
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroCopy}>
            <h1 id="hero-heading">{home?.heroHeading ?? tenant.name}</h1>
            {home?.heroSubheading ? <p className={styles.heroText}>{home.heroSubheading}</p> : null}
          </div>
          <HeroSearch searchPath={searchPath} noun={noun} />
        </div>
      </section>

      <Sections placement="after-hero" now={now} />

      <section className="section" aria-labelledby="quick-links-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="quick-links-heading">Shop by type</h2>
            <AppLink href={searchPath}>View all stock</AppLink>
          </div>
          <ul className={styles.quickLinks}>
            {links.map((link) => (
              <li key={link.type}>
                <AppLink href={link.href} className={styles.quickLink}>
                  <span className={styles.quickLabel}>{link.label}</span>
                  <span className={styles.quickText}>{link.text}</span>
                  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" className={styles.quickArrow}>
                    <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HomePromotions promotions={tenant.promotions} timeZone={tenant.timeZone} now={now} />

      <Claims tone="light" heading={`${tenant.name} at a glance`} />

      <Sections placement="middle" now={now} />

      {locations.length > 0 ? (
        <section className="section section--alt" aria-labelledby="locations-heading">
          <div className="container">
            <div className="section-head">
              <h2 id="locations-heading">{locations.length === 1 ? 'Find Us Here' : `Our ${locations.length} locations`}</h2>
              <AppLink href="/dealerships">All locations</AppLink>
            </div>
            <ul className={`grid grid--3 ${styles.locations}`}>
              {locations.slice(0, 6).map((location) => {
                const { address } = location;
                const mapQuery = encodeURIComponent(`${address.street}, ${address.suburb} ${address.state} ${address.postcode}`);
                return (
                  <li key={location.slug} className={`card ${styles.location}`}>
                    <h3>{location.name}</h3>
                    <p className={styles.locationType}>{location.type.replace(/-/g, ' ')}</p>
                    <address className={styles.address}>
                      {address.street}
                      <br />
                      {address.suburb} {address.state} {address.postcode}
                    </address>
                    <PhoneLink phone={location.phone} className={styles.phone} context={{ dealershipSlug: location.dealershipSlug, placement: 'home' }} />
                    <div className={styles.locationActions}>
                      <AppLink href={`/locations/${location.slug}`} className="btn btn--outline">
                        View Location<span className="visually-hidden">: {location.name}</span>
                      </AppLink>
                      <a
                        href={`https://www.google.com/maps/dir/?api=1&destination=${mapQuery}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={styles.directions}
                      >
                        Get Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
                      </a>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ) : null}

      <Sections placement="end" now={now} />
    </>
  );
}
