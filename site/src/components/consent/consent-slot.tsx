import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { applyConsent } from '../../lib/analytics.ts';
import { COOKIE_CHOICE_ATTRIBUTE, onConsentSettings } from '../../lib/consent-settings.ts';
import { deviceKey, useDeviceValue } from '../../lib/device-store.ts';
import { useLeadsToPage } from '../../lib/route-exists.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { analyticsTags, hasAnalyticsTags, storedConsentChoice, type ConsentChoice, type StoredConsent } from '../../domain/consent.ts';
import ConsentBanner from './consent-banner.tsx';

/*
 * Where the cookie banner appears, and what the shopper's choice does. A site without analytics
 * ids renders nothing here. Otherwise the banner is in the server's HTML, so a first visit paints
 * it with the page (appearing later, its text became the page's largest paint, a second late on a
 * phone); when the device holds a choice an inline script marks <html> before the first paint
 * and the banner is not shown (lib/consent-settings.ts). Once the page has hydrated React
 * decides: a choice kept on the device is applied (agreed: the tags load now; declined: nothing
 * loads) and the banner goes; without one it stays. It sits over the page's bottom edge, so it
 * moves nothing on the page (no layout shift). The footer's "Cookie settings" opens it again.
 */

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
  // From hydration on React shows or hides the banner; the early script's mark is done.
  useEffect(() => {
    if (hydrated) document.documentElement.removeAttribute(COOKIE_CHOICE_ATTRIBUTE);
  }, [hydrated]);
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

  // On the server and while hydrating the banner is rendered (hidden before the first paint where
  // the device holds a choice); afterwards it shows without a choice, or when reopened.
  if (!tags || (hydrated && choice !== null && !reopened)) return null;
  return (
    <ConsentBanner
      siteName={tenant.name}
      companies={analyticsTags(tenant.analytics).companies}
      privacyHref={privacyHref}
      current={choice}
      focusOnOpen={reopened}
      onChoose={choose}
    />
  );
}

/** The cookie banner's place in the page (no props: the layout's renders never reach it). */
export const ConsentSlot = memo(ConsentSlotPart);
