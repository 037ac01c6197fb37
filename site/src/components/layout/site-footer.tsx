import { useState } from 'react';
import { navigationInput } from '../../lib/navigation.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { openConsentSettings } from '../../lib/consent-settings.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { dealerLicenceLines } from '../../domain/dealer-licences.ts';
import { hasAnalyticsTags } from '../../domain/consent.ts';
import { footerGroups, footerOfPages } from '../../domain/navigation.ts';
import { AppLink } from '../app-link/app-link.tsx';
import styles from './site-footer.module.css';
import type { FrameSlots } from './frame-slots.ts';
import { SiteLogo } from './site-logo.tsx';
import { PhoneLink } from '../phone/phone-link.tsx';

/**
 * Site footer: the link groups of spec §2 (or `navigation.footerGroups`), the dealer's
 * visible locations, group-site links when that feature is on, and the legal line.
 */
export function SiteFooter({ GroupSiteLinks = null, PaymentLogos = null }: FrameSlots = {}) {
  const tenant = useTenant();
  const nav = navigationInput(tenant);
  // Only links to pages this tenant has (an information page without copy, a switched-off form or a
  // configured path with no page behind it is left out).
  const groups = footerOfPages(footerGroups(nav), useLeadsToPage());
  const locations = tenant.dealer.locations.filter((location) => location.visible);
  const [year] = useState(() => new Date().getFullYear());
  return (
    <footer className={`${styles.footer} on-dark`}>
      <div className={`container ${styles.groups}`}>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title} className={styles.group}>
            <h2 className={styles.groupTitle}>{group.title}</h2>
            <ul className={styles.links}>
              {group.links.map((link) => (
                <li key={`${link.label}-${link.href}`}>
                  <AppLink href={link.href} className={styles.link}>
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {GroupSiteLinks ? (
        <div className={`container ${styles.groupSites}`}>
          <GroupSiteLinks placement="footer" />
        </div>
      ) : null}
      <div className={`container ${styles.bottom}`}>
        <div className={styles.brand}>
          <SiteLogo tone="inverse" />
          {locations.length > 0 ? (
            <ul className={styles.locations} aria-label="Our locations">
              {locations.slice(0, 4).map((location) => (
                <li key={location.slug}>
                  <strong>{location.name}</strong>
                  <span>
                    {location.address.street}, {location.address.suburb} {location.address.state} {location.address.postcode}
                  </span>
                  <PhoneLink className={styles.link} phone={location.phone} context={{ dealershipSlug: location.dealershipSlug, placement: 'footer' }} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className={styles.legal}>
          {PaymentLogos ? <PaymentLogos /> : null}
          {tenant.dealer.youtubeUrl ? (
            <a className={styles.link} href={tenant.dealer.youtubeUrl} target="_blank" rel="noopener noreferrer">
              {tenant.name} on YouTube<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
          {dealerLicenceLines(tenant.dealer.dealerships).map((line) => (
            <p key={line} className={styles.copyright}>
              {line}
            </p>
          ))}
          {hasAnalyticsTags(tenant.analytics) ? (
            <button type="button" className={styles.linkButton} onClick={(event) => openConsentSettings(event.currentTarget)}>
              Cookie settings
            </button>
          ) : null}
          {/* The year is each side's clock: around New Year (or under a test clock) the server's and
              the browser's can differ, and the page keeps the server's rather than rendering anew. */}
          <p className={styles.copyright} suppressHydrationWarning>
            © {year} {tenant.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
