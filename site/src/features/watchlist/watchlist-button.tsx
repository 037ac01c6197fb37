import { Suspense } from 'react';
import { lazyPart } from '../../lib/feature-component.tsx';
import { useRouter } from '@tanstack/react-router';
import { mayHaveSession } from '../../api/auth/session-hint.ts';
import { useTenant } from '../../lib/tenant-context.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { watchlistSignInHref } from './sign-in-href.ts';
import type { WatchlistButtonProps } from './watchlist-button-props.ts';

export type { WatchlistButtonProps } from './watchlist-button-props.ts';

// The session, watchlist queries and their response schemas load only for visitors who may be
// signed in; an anonymous shopper's first page stays within the landing-JS budget.
const LiveWatchlistButton = lazyPart(() => import('./watchlist-button-live.tsx'));

/**
 * The watchlist save/remove control of search cards and vehicle pages (spec §4 Watchlist),
 * labelled like the favourite control (SAVE / SAVED).
 */
export default function WatchlistButton(props: WatchlistButtonProps) {
  // The server cannot see the session cookie's meaning: it renders the signed-out control,
  // and a visitor who may be signed in gets the live one right after hydration.
  const hydrated = useHydrated();
  if (hydrated && mayHaveSession()) {
    return (
      <Suspense fallback={<SignedOutWatchlistButton {...props} pending />}>
        <LiveWatchlistButton {...props} />
      </Suspense>
    );
  }
  return <SignedOutWatchlistButton {...props} />;
}

/** Without a session nothing is saved yet: SAVE sends the visitor to sign-in and back (spec §6). */
function SignedOutWatchlistButton({ car, className, pending = false }: WatchlistButtonProps & { pending?: boolean }) {
  const tenant = useTenant();
  const router = useRouter();
  if (!car.available) return null;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={false}
      aria-label={`${tenant.labels.save}: ${car.title}`}
      disabled={pending}
      onClick={() => router.history.push(watchlistSignInHref(`${window.location.pathname}${window.location.search}`))}
    >
      {tenant.labels.save}
    </button>
  );
}
