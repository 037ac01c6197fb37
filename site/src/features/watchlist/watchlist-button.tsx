import { useTenant } from '../../app/tenant-context.tsx';
import { useWatchlistToggle, type WatchlistCarRef } from './use-watchlist-toggle.ts';

export interface WatchlistButtonProps {
  car: WatchlistCarRef & {
    /** Sold (unavailable) cars hide the button unless already saved (spec §4). */
    available: boolean;
  };
  /** The host's button style (card toggle, vehicle-page action). */
  className?: string;
  /** Called after a successful save, e.g. analytics event 39 (spec §7). */
  onSaved?: (carId: number) => void;
}

/**
 * The watchlist save/remove control of search cards and vehicle pages (spec §4 Watchlist),
 * labelled like the favourite control (SAVE / SAVED) and disabled while its call runs.
 */
export default function WatchlistButton({ car, className, onSaved }: WatchlistButtonProps) {
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
