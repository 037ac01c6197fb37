import type { FrameSlots } from '../../components/layout/frame-slots.ts';
import { featureComponent } from '../../lib/feature-component.tsx';

/*
 * The switchable features of the page frame (header and footer). Each is referenced only inside
 * its compile-time flag, so a tenant with the feature off has none of its modules (checked by
 * the build report test). They render on every page, so they load eagerly.
 */

const FrameGroupSiteLinks = __FEATURE_GROUP_SITE_LINKS__
  ? featureComponent(() => import('../../features/group-site-links/index.tsx'), { eager: true })
  : null;

/** The frame's switchable parts, for the root layout. */
export const FRAME_SLOTS: FrameSlots = {
  GroupSiteLinks: FrameGroupSiteLinks,
  PaymentLogos: __FEATURE_PAYMENT_LOGOS__ ? featureComponent(() => import('../../features/payment-logos/index.tsx'), { eager: true }) : null,
};
