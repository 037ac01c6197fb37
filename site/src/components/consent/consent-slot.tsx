import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { applyConsent } from '../../app/analytics.ts';
import { onConsentSettings } from '../../app/consent-settings.ts';
import { deviceKey, useDeviceValue } from '../../app/device-store.ts';
import { useLeadsToPage } from '../../app/route-exists.ts';
import { useTenant } from '../../app/tenant-context.tsx';
import { useHydrated } from '../../app/use-hydrated.ts';
import { analyticsTags, hasAnalyticsTags, storedConsentChoice, type ConsentChoice, type StoredConsent } from '../../domain/consent.ts';
// The banner's styles come with the page's stylesheet, not its lazy code: CSS imported by a lazy
// module is linked on every page as a stylesheet that holds the first paint.
import styles from './consent-banner.module.css';

/*
 * Where the cookie banner appears, and what the shopper's choice does. A site without analytics
 * ids renders nothing here. Otherwise, once the page has hydrated: a choice kept on the device is
 * applied (agreed: the tags load now; declined: nothing loads), and without one the banner's code
 * loads and asks. The banner is never in the server's HTML nor in the page's first scripts, so it
 * costs the first paint and hydration nothing; it sits over the page's bottom edge, so it moves
 * nothing on the page (no layout shift). The footer's "Cookie settings" opens it again.
 */

const ConsentBanner = lazy(() => import('./consent-banner.tsx'));

const keepRaw = (raw: unknown) => raw;

function ConsentSlotPart() {
  const tenant = useTenant();
  const hydrated = useHydrated();
  const tags = hasAnalyticsTags(tenant.analytics);
  const [stored, setStored] = useDeviceValue(deviceKey(tenant.slug, 'cookie-consent'), keepRaw);
  // The page's time once: a choice older than its validity is asked again on the next page.
  const [now] = useState(() => Date.now());
  const choice = hydrated ? storedConsentChoice(stored, now) : null;
  const [reopened, setReopened] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const privacyHref = useLeadsToPage()('/privacy-policy') ? '/privacy-policy' : null;

  useEffect(() => {
    if (tags && choice) applyConsent(choice);
  }, [tags, choice]);
  useEffect(
    () =>
      onConsentSettings((from) => {
        opener.current = from;
        setReopened(true);
      }),
    [],
  );
  const choose = useCallback(
    (next: ConsentChoice) => {
      const value: StoredConsent = { choice: next, at: Date.now() };
      setStored(value);
      setReopened(false);
      const back = opener.current;
      opener.current = null;
      // Focus goes back where the shopper was: the footer's button, or the page's content.
      requestAnimationFrame(() =>
        (back ?? document.getElementById('main'))?.focus({
          preventScroll: true,
        }),
      );
    },
    [setStored],
  );

  if (!tags || !hydrated || (choice !== null && !reopened)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner
        siteName={tenant.name}
        companies={analyticsTags(tenant.analytics).companies}
        privacyHref={privacyHref}
        current={choice}
        focusOnOpen={reopened}
        onChoose={choose}
        styles={styles}
      />
    </Suspense>
  );
}

/** The cookie banner's place in the page (no props: the layout's renders never reach it). */
export const ConsentSlot = memo(ConsentSlotPart);
