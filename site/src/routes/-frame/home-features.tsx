import { featureComponent } from '../../lib/feature-component.tsx';

// Each switchable home section is referenced only inside its compile-time flag, so a tenant with
// the feature off has none of its modules (checked by the build report test).
const SalesThisMonthCounter = __FEATURE_SALES_THIS_MONTH_COUNTER__
  ? featureComponent(() => import('../../features/sales-this-month-counter/index.tsx'))
  : null;
const WarrantySection = __FEATURE_WARRANTY_SECTION__
  ? featureComponent(() => import('../../features/warranty-section/index.tsx'))
  : null;
const GroupSiteLinks = __FEATURE_GROUP_SITE_LINKS__
  ? featureComponent(() => import('../../features/group-site-links/index.tsx'))
  : null;

/** Resolves when every switched-on home section has loaded (the home route loader awaits it). */
export function homeFeaturesReady(): Promise<unknown> {
  return Promise.all([SalesThisMonthCounter?.load(), WarrantySection?.load(), GroupSiteLinks?.load()]);
}

/** The switchable home-page sections for one slot of the page. */
export function HomeFeatures({ placement, now }: { placement: 'after-hero' | 'middle' | 'end'; now: Date }) {
  if (placement === 'after-hero') return SalesThisMonthCounter ? <SalesThisMonthCounter now={now} /> : null;
  if (placement === 'middle') return WarrantySection ? <WarrantySection /> : null;
  return GroupSiteLinks ? <GroupSiteLinks placement="home" /> : null;
}
