import type { BrandDirectoryEntry } from '../../../../schema/api/content.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { BrandLogo } from '../../components/layout/brand-logo.tsx';
import { toSlug } from '../../domain/navigation.ts';
import styles from './brand-directory.module.css';
import { PhoneLink } from '../../components/phone/phone-link.tsx';

/**
 * A brand's overview page (spec §2 /{brand-slug}/overview): its logo and description, where
 * the group sells it (the locations of the dealerships carrying the make) and its stock.
 * Only in bundles with features.brandDirectory on.
 */
export default function BrandOverviewPage({ brand }: { brand: BrandDirectoryEntry }) {
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const dealerships = tenant.dealer.dealerships.filter((d) => d.makes.some((make) => toSlug(make) === brand.slug));
  const locations = tenant.dealer.locations.filter((l) => l.visible && dealerships.some((d) => d.slug === l.dealershipSlug));
  // Stock is searched by make: a brand no dealership sells has no stock page.
  const stock = dealerships.length > 0 ? `/search/${brand.slug}` : null;
  return (
    <article>
      <header className={styles.banner}>
        <div className={`container ${styles.overviewHead}`}>
          <div>
            <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, ...(leadsToPage('/brands') ? [{ label: 'Our Brands', href: '/brands' }] : []), { label: brand.title }]} />
            <h1 className={styles.title}>{brand.title}</h1>
          </div>
          <BrandLogo logo={brand.logo} name={brand.title} width={200} lazy={false} />
        </div>
      </header>
      <div className={`container section ${styles.overviewBody}`}>
        <div className="prose">
          {brand.description.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          {stock && leadsToPage(stock) ? (
            <p>
              <AppLink href={stock} className="btn btn--primary">
                View {brand.title} stock
              </AppLink>
            </p>
          ) : null}
        </div>
        {locations.length > 0 ? (
          <section aria-labelledby="brand-locations" className={styles.where}>
            <h2 id="brand-locations">Where to find {brand.title}</h2>
            <ul className={styles.whereList}>
              {locations.map((l) => (
                <li key={l.slug}>
                  {leadsToPage(`/locations/${l.slug}`) ? <AppLink href={`/locations/${l.slug}`}>{l.name}</AppLink> : <strong>{l.name}</strong>}
                  <span>
                    {l.address.street}, {l.address.suburb} {l.address.state} {l.address.postcode}
                  </span>
                  <PhoneLink phone={l.phone} context={{ dealershipSlug: l.dealershipSlug, placement: 'brand' }} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}
