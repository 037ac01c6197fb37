import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useTenant } from '../../lib/tenant-context.tsx';
import { recordVisitedPage } from './visited-pages.ts';

/**
 * Mounted once in the page frame: records this visit's pages for lead_attributes (spec §3) and,
 * when the device holds leads the server has not confirmed, resends them (the outbox client is
 * loaded only then, so the first download of every page carries only this component).
 */
export function LeadTracker() {
  const tenant = useTenant();
  const href = useRouterState({ select: (state) => state.location.href });
  // At once, not after a chunk loads: a visitor who moves on quickly still has the page counted.
  useEffect(() => recordVisitedPage(tenant.slug, href), [href, tenant.slug]);
  useEffect(() => {
    let pending = false;
    try {
      pending = window.localStorage.getItem(`forecourt:${tenant.slug}:lead-outbox`) !== null;
    } catch {
      pending = false;
    }
    if (pending) void import('../../api/leads/outbox.ts').then((outbox) => outbox.watchOutbox(tenant.slug));
  }, [tenant.slug]);
  return null;
}
