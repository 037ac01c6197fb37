import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { classifyHref } from '../../domain/links.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import styles from './group-site-links.module.css';

type GroupSiteLink = ResolvedTenant['routes']['groupSiteLinks'][number];

/**
 * One link: a path the server sends on to the group site's address is a plain link, so the
 * browser asks the server (the router has no page there); anything else goes through AppLink.
 */
function GroupLink({ link, card }: { link: GroupSiteLink; card: boolean }) {
  const className = card ? styles.card : styles.inlineLink;
  const content = card ? (
    <>
      <span>{link.label}</span>
      <Chevron />
    </>
  ) : (
    link.label
  );
  if (link.address !== undefined && classifyHref(link.href).kind === 'internal') {
    return (
      <a href={link.href} className={className}>
        {content}
      </a>
    );
  }
  return (
    <AppLink href={link.href} className={className}>
      {content}
    </AppLink>
  );
}

function Chevron() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M7.5 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
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
