import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import styles from './toast.module.css';

export interface ToastOptions {
  title: string;
  description?: string;
  /** e.g. 'View List' after a watchlist save (spec §4). */
  action?: { label: string; onAction: () => void };
  /** Milliseconds on screen; spec uses 3000 for copy and 1500 for share. */
  durationMs?: number;
}

interface ToastState extends ToastOptions {
  id: number;
}

const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null);

/**
 * Hosts the single toast slot. Spec §4: only one toast at a time, so showing a new toast
 * replaces the current one instead of stacking.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((options: ToastOptions) => {
    setToast((previous) => ({ ...options, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" label="Notification">
        {children}
        {toast ? (
          <RadixToast.Root
            key={toast.id}
            className={styles.root}
            duration={toast.durationMs ?? 3000}
            onOpenChange={(open) => {
              if (!open) setToast((current) => (current?.id === toast.id ? null : current));
            }}
          >
            <RadixToast.Title className={styles.title}>{toast.title}</RadixToast.Title>
            {toast.description ? <RadixToast.Description className={styles.description}>{toast.description}</RadixToast.Description> : null}
            {toast.action ? (
              <RadixToast.Action className={styles.action} altText={toast.action.label} onClick={toast.action.onAction}>
                {toast.action.label}
              </RadixToast.Action>
            ) : null}
            <RadixToast.Close className={styles.close} aria-label="Dismiss">
              <span aria-hidden="true">×</span>
            </RadixToast.Close>
          </RadixToast.Root>
        ) : null}
        <RadixToast.Viewport className={styles.viewport} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** Returns `show(toast)`; must be used under ToastProvider. */
export function useToast(): (toast: ToastOptions) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
