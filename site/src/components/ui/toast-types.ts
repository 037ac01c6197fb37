/** What a toast shows (the provider in toast.tsx, the host that draws it in toast-host.tsx). */
export interface ToastOptions {
  title: string;
  description?: string;
  /** e.g. 'View List' after a watchlist save (spec §4). */
  action?: { label: string; onAction: () => void };
  /** Milliseconds on screen; spec uses 3000 for copy and 1500 for share. */
  durationMs?: number;
}

/** A toast on screen; `id` changes with every show so a repeat replaces the current one. */
export interface ToastState extends ToastOptions {
  id: number;
}
