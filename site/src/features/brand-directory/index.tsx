import type { BrandDirectoryEntry } from '../../../../schema/api/content.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { Claims } from '../../components/claims/claims.tsx';
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx';
import { BrandLogo } from '../../components/layout/brand-logo.tsx';
import { brandOverviewPath, brandSections } from '../../domain/brand-directory.ts';
import { toSlug, uniqueMakes } from '../../domain/navigation.ts';
import styles from './brand-directory.module.css';

/**
 * The brand directory (spec §2 /brands): the dealer group's claims where configured
 * (content.claims: 50+ locations, 40+ brands…), then car, motorcycle, truck and own-brand
 * logos with their descriptions. Only in bundles with features.brandDirectory on.
 */
export default function BrandDirectoryPage({ brands }: { brands: BrandDirectoryEntry[] }) {
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const sections = brandSections(brands);
  // Stock is searched by make: only brands the site sells have a stock page (not its own brand).
  const makes = new Set(uniqueMakes(tenant.dealer.dealerships).map(toSlug));
  return (
    <div>
      <header className={styles.banner}>
        <div className="container">
          <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Our Brands' }]} />
          <h1 className={styles.title}>Our Brands</h1>
          <p className={styles.intro}>
            {tenant.name} represents {brands.length} {brands.length === 1 ? 'brand' : 'brands'}. Choose a brand to read about it, see where we sell and service it, and browse its stock.
          </p>
        </div>
      </header>
      <Claims tone="dark" heading={`${tenant.name} in numbers`} />
      <div className="container section">
        {sections.map((section) => (
          <section key={section.kind} className={styles.section} aria-labelledby={`brands-${section.kind}`}>
            <h2 id={`brands-${section.kind}`}>{section.heading}</h2>
            <ul className={`grid grid--3 ${styles.cards}`}>
              {section.brands.map((brand) => {
                const overview = brandOverviewPath(brand.slug);
                const hasOverview = !brand.skipPage && leadsToPage(overview);
                const stock = makes.has(brand.slug) ? `/search/${brand.slug}` : null;
                return (
                  <li key={brand.slug} className={`card ${styles.card}`}>
                    <BrandLogo logo={brand.logo} name={brand.title} width={160} lazy={false} />
                    <h3 className={styles.cardTitle}>{brand.title}</h3>
                    {brand.description[0] ? <p className={styles.cardText}>{brand.description[0]}</p> : null}
                    <p className={styles.cardLinks}>
                      {hasOverview ? (
                        <AppLink href={overview} className="btn btn--outline">
                          About {brand.title}
                        </AppLink>
                      ) : null}
                      {stock && leadsToPage(stock) ? (
                        <AppLink href={stock} className="btn btn--primary">
                          View {brand.title} stock
                        </AppLink>
                      ) : null}
                    </p>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
