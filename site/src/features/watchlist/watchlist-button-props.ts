/** The car as the watchlist control needs it. */
export interface WatchlistButtonProps {
  car: {
    id: number;
    /** Shown in the toasts, e.g. '2021 Toyota Corolla'. */
    title: string;
    /** Sold (unavailable) cars hide the button unless already saved (spec §4). */
    available: boolean;
  };
  /** The host's button style (card toggle, vehicle-page action). */
  className?: string;
  /** Called after a successful save, e.g. analytics event 39 (spec §7). */
  onSaved?: (carId: number) => void;
}
