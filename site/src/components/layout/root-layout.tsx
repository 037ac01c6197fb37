import { useEffect, useRef } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { replayHeldInput } from '../../lib/hydration-replay.ts';
import { ConsentPlace } from '../consent/consent-place.tsx';
import { LeadTracker } from '../form-kit/lead-tracker.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import type { FrameSlots } from './frame-slots.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Page frame: skip link, header, main landmark, footer. After a client-side navigation focus
 * moves to <main> so keyboard and screen-reader users start at the new page's content.
 */
export function RootLayout({ slots = {} }: { slots?: FrameSlots }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const mainRef = useRef<HTMLElement>(null);
  const lastPathname = useRef(pathname);
  // The first commit in the browser is the hydrated page: play back what was clicked before it.
  useEffect(() => {
    void replayHeldInput();
  }, []);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
      <ToastProvider>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <ConsentPlace />
        <SiteHeader GroupSiteLinks={slots.GroupSiteLinks ?? null} />
        <main id="main" className="main" tabIndex={-1} ref={mainRef}>
          <Outlet />
        </main>
        <SiteFooter GroupSiteLinks={slots.GroupSiteLinks ?? null} PaymentLogos={slots.PaymentLogos ?? null} />
        <LeadTracker />
      </ToastProvider>
  );
}
