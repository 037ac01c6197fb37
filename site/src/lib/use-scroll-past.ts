import { useSyncExternalStore } from 'react';

function subscribeScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/**
 * Whether the page has scrolled at least `offset` pixels (false on the server and while
 * hydrating). A boolean snapshot: scrolling re-renders only when the threshold is crossed.
 */
export function useScrollPast(offset: number): boolean {
  return useSyncExternalStore(
    subscribeScroll,
    () => window.scrollY >= offset,
    () => false,
  );
}
