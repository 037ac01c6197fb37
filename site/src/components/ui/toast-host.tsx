import { useCallback, useState } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import type { ToastState } from './toast.tsx';
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
  return (
    <RadixToast.Provider swipeDirection="right" label="Notification">
      {viewportReady ? (
        <RadixToast.Root
          key={toast.id}
          className={styles.root}
          duration={toast.durationMs ?? 3000}
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
