import { memo } from 'react';
import { useTenant } from '../../lib/tenant-context.tsx';
import { hasAnalyticsTags } from '../../domain/consent.ts';
import { hydratedAfterPage } from '../layout/hydrated-after.tsx';

/*
 * The cookie banner's place in the page frame. Its code (the banner, the choice kept on the
 * device, what the choice does) is not needed to hydrate the page: the server renders the banner
 * into the HTML and the browser loads its code once the page has hydrated
 * (layout/hydrated-after.tsx). Until then the banner is the server's HTML (hidden before the
 * first paint when the device holds a choice, app/consent-settings.ts), and an Accept or Decline
 * tapped meanwhile is held and replayed. A site without analytics ids has no banner and loads
 * none of its code.
 */
const ConsentSlot = hydratedAfterPage<Record<string, never>>(() => import('./consent-slot.tsx').then((module) => ({ default: module.ConsentSlot })));

/** The cookie banner's place (no props: the layout's renders never reach it). */
export const ConsentPlace = memo(function ConsentPlace() {
  const tenant = useTenant();
  return hasAnalyticsTags(tenant.analytics) ? <ConsentSlot /> : null;
});
