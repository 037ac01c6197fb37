import { useCallback, useEffect, useState } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import type { ToastState } from './toast-types.ts';
import styles from './toast.module.css';

/**
 * The radix toast itself. Loaded only when the first toast is shown, so pages that never toast
 * (most of them) do not carry radix Toast in their initial JavaScript.
 */
export default function ToastHost({ toast, onClosed }: { toast: ToastState; onClosed: (id: number) => void }) {
  // Radix starts a toast's timer when the toast mounts but draws it only once its viewport
  // exists: mounted together, the first toast lost the viewport's first commit from its time on
  // screen (100-300 ms on a busy phone). The toast mounts once the viewport is there.
  const [viewportReady, setViewportReady] = useState(false);
  const viewportRef = useCallback((element: HTMLOListElement | null) => setViewportReady(element !== null), []);
  // A toast's time on screen counts from the frame that draws it, not from when React put it in
  // the page: on a busy phone the main thread can be held for most of a second in between (CI
  // measured 2.2 s of a 3 s toast). Until then radix keeps it open without a timer (Infinity).
  const [drawnId, setDrawnId] = useState<number | null>(null);
  useEffect(() => {
    if (!viewportReady) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame that paints the toast, then the task after that paint.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setDrawnId(toast.id), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [toast.id, viewportReady]);
  return (
    <RadixToast.Provider swipeDirection="right" label="Notification">
      {viewportReady ? (
        <RadixToast.Root
          key={toast.id}
          className={styles.root}
          duration={drawnId === toast.id ? (toast.durationMs ?? 3000) : Infinity}
          onOpenChange={(open) => {
            if (!open) onClosed(toast.id);
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
      <RadixToast.Viewport className={styles.viewport} ref={viewportRef} />
    </RadixToast.Provider>
  );
}
