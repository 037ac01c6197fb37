import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

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

const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null);
const ToastHost = lazy(() => import('./toast-host.tsx'));

/**
 * Hosts the single toast slot. Spec §4: only one toast at a time, so showing a new toast
 * replaces the current one instead of stacking. The radix toast is loaded with the first toast.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((options: ToastOptions) => {
    setToast((previous) => ({ ...options, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const onClosed = useCallback((id: number) => setToast((current) => (current?.id === id ? null : current)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toast ? (
        <Suspense fallback={null}>
          <ToastHost toast={toast} onClosed={onClosed} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/** Returns `show(toast)`; must be used under ToastProvider. */
export function useToast(): (toast: ToastOptions) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
