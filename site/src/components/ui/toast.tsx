import { createContext, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { lazyPart } from '../../lib/feature-component.tsx';
import type { ToastOptions, ToastState } from './toast-types.ts';

export type { ToastOptions, ToastState } from './toast-types.ts';


const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null);
const ToastHost = lazyPart(() => import('./toast-host.tsx'));

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
