import { useTenant } from '../../lib/tenant-context.tsx';
import { useWatchlistToggle } from './use-watchlist-toggle.ts';
import type { WatchlistButtonProps } from './watchlist-button-props.ts';

/**
 * The watchlist control for a visitor who may be signed in: reads the session and the saved
 * ids, saves/removes optimistically (spec §4 Watchlist), disabled while its call runs.
 */
export default function LiveWatchlistButton({ car, className, onSaved }: WatchlistButtonProps) {
  const tenant = useTenant();
  const { saved, pending, checkingSession, toggle } = useWatchlistToggle(car, onSaved ? { onSaved } : {});
  if (!car.available && !saved) return null;
  const label = saved ? tenant.labels.saved : tenant.labels.save;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={saved}
      aria-label={`${label}: ${car.title}`}
      disabled={pending || checkingSession}
      onClick={toggle}
    >
      {label}
    </button>
  );
}
