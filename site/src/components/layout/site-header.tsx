import { Suspense, useState } from 'react';
import { lazyPart, warmUp } from '../../lib/feature-component.tsx';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { defaultSearchPath, headerOpensOnHover, navigationInput } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { headerMenu, menuOfPages, type MenuEntry } from '../../domain/navigation.ts';
import { AppLink } from '../app-link/app-link.tsx';
import { NavMenu, NavMenuLinkItem, NavMenuPanelItem, type NavOpenMode } from '../ui/navigation-menu.tsx';
import { BrandGrid } from './brand-grid.tsx';
import type { FrameSlots } from './frame-slots.ts';
import styles from './site-header.module.css';
import { SiteLogo } from './site-logo.tsx';
import { PhoneLink } from '../phone/phone-link.tsx';

/** The primary sales location's phone, shown in the header as a tel: link. */
function primaryPhone(tenant: ResolvedTenant): { label: string; phone: string; dealershipSlug: string } | null {
  const visible = tenant.dealer.locations.filter((l) => l.visible);
  const location = visible.find((l) => l.primary) ?? visible[0];
  return location ? { label: location.name, phone: location.phone, dealershipSlug: location.dealershipSlug } : null;
}

/**
 * The site header. `navigation.headerVariant` picks the menu: dealer-group (brand dropdown
 * with a mega-menu of brand logos) or brand-style (Home, Models, Stock, Finance, Service &
 * Parts, Company). Below the lg breakpoint the menu moves into a dialog.
 */
export function SiteHeader({ GroupSiteLinks = null }: Pick<FrameSlots, 'GroupSiteLinks'> = {}) {
  const tenant = useTenant();
  const nav = navigationInput(tenant);
  // Only links to pages this tenant has (lib/route-exists.ts).
  const entries = menuOfPages(headerMenu(nav), useLeadsToPage());
  const openOn: NavOpenMode = headerOpensOnHover(tenant) ? 'hover' : 'click';
  const phone = primaryPhone(tenant);
  const variant = nav.headerVariant;

  return (
    <header className={styles.header} data-variant={variant} data-site-header>
      {__FEATURE_EMERGENCY_BANNER__ && tenant.content.emergencyBanner ? (
        <div className={styles.emergency} role="note">
          <div className="container">{tenant.content.emergencyBanner}</div>
        </div>
      ) : null}
      {variant === 'dealer-group' ? (
        <div className={`${styles.topBar} on-dark`}>
          <div className={`container ${styles.topBarInner}`}>
            <span className={styles.topBarName}>{tenant.name}</span>
            {GroupSiteLinks ? <GroupSiteLinks placement="top-bar" /> : null}
            {phone ? (
              <PhoneLink className={styles.topBarPhone} phone={phone.phone} context={{ dealershipSlug: phone.dealershipSlug, placement: 'header' }}>
                Call {phone.phone}
              </PhoneLink>
            ) : null}
          </div>
        </div>
      ) : null}
      <div className={`container ${styles.bar}`}>
        <SiteLogo />
        <DesktopMenu entries={entries} openOn={openOn} />
        <div className={styles.actions}>
          <AppLink href={defaultSearchPath(tenant)} className={`btn btn--primary ${styles.searchButton}`}>
            <span>
              Search<span className="hide-sm-down"> Stock</span>
            </span>
          </AppLink>
          <MobileMenuButton entries={entries} phone={phone?.phone ?? null} phoneDealership={phone?.dealershipSlug} />
        </div>
      </div>
      {__FEATURE_ANNOUNCEMENT_BAR__ && tenant.content.announcement ? (
        <div className={styles.announcement}>
          <div className="container">{tenant.content.announcement}</div>
        </div>
      ) : null}
    </header>
  );
}

function DesktopMenu({ entries, openOn }: { entries: MenuEntry[]; openOn: NavOpenMode }) {
  return (
    <NavMenu label="Main" openOn={openOn} className={`${styles.desktopNav} hide-lg-down`}>
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          return (
            <NavMenuLinkItem key={entry.label}>
              <AppLink href={entry.href}>{entry.label}</AppLink>
            </NavMenuLinkItem>
          );
        }
        if (entry.kind === 'brands') {
          return (
            <NavMenuPanelItem key={entry.label} label={entry.label} openOn={openOn} width="wide">
              <p className={styles.panelHeading}>Browse stock by brand</p>
              <BrandGrid brands={entry.brands} directoryHref={entry.directoryHref} />
            </NavMenuPanelItem>
          );
        }
        return (
          <NavMenuPanelItem key={entry.label} label={entry.label} openOn={openOn}>
            <ul className={styles.panelList}>
              {entry.links.map((link) => (
                <li key={link.label}>
                  <AppLink href={link.href} className={styles.panelLink}>
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </NavMenuPanelItem>
        );
      })}
    </NavMenu>
  );
}

const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazyPart(loadMobileMenu);
const warmMobileMenu = warmUp(loadMobileMenu);

/** Opens the phone menu, loading it on first use (warmed on hover, focus or touch). */
function MobileMenuButton({ entries, phone, phoneDealership }: { entries: MenuEntry[]; phone: string | null; phoneDealership?: string | undefined }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${styles.menuButton} hide-lg`}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={warmMobileMenu}
        onFocus={warmMobileMenu}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className={styles.menuButtonText}>Menu</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenu entries={entries} phone={phone} phoneDealership={phoneDealership} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
