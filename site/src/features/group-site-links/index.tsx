import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import styles from './group-site-links.module.css';

type GroupSiteLink = ResolvedTenant['routes']['groupSiteLinks'][number];

/**
 * One link. A link with the group site's address is a plain link to its path here, so the
 * browser asks the server, which sends it on (the router has no page there); the rest go
 * through AppLink. A card's chevron is drawn by its stylesheet.
 */
function GroupLink({ link, card }: { link: GroupSiteLink; card: boolean }) {
  const Link = link.address === undefined ? AppLink : 'a';
  return (
    <Link href={link.href} className={card ? styles.card : styles.inlineLink}>
      {link.label}
    </Link>
  );
}

/**
 * Links to the group's other sites (routes.groupSiteLinks, e.g. /twg-cars, /twg-rental,
 * /twg-tyres, /finance-and-insurance, /neotek, /4x4-outdoor, or the other sites' own addresses).
 * Only in bundles with features.groupSiteLinks on. A link shows when it leads somewhere: a page
 * of this site, another site's address, or a path the server sends on to the group site's
 * address (the link's `address`). The rest are left out, and with no link left nothing is
 * rendered (no heading over an empty list).
 */
export default function GroupSiteLinks({ placement }: { placement: 'top-bar' | 'footer' | 'home' }) {
  const tenant = useTenant();
  const leadsToPage = useLeadsToPage();
  const links = tenant.routes.groupSiteLinks.filter((link) => link.address !== undefined || leadsToPage(link.href));
  if (links.length === 0) return null;
  if (placement === 'home') {
    return (
      <section className="section" aria-labelledby="group-sites-heading">
        <div className="container">
          <div className="section-head">
            <h2 id="group-sites-heading">More from {tenant.name}</h2>
          </div>
          <ul className={styles.cards}>
            {links.map((link) => (
              <li key={link.href}>
                <GroupLink link={link} card />
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  }
  return (
    <nav aria-label="Group sites" className={placement === 'top-bar' ? styles.topBar : styles.footer}>
      {placement === 'footer' ? <h2 className={styles.footerTitle}>Group sites</h2> : null}
      <ul className={styles.inline}>
        {links.map((link) => (
          <li key={link.href}>
            <GroupLink link={link} card={false} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
