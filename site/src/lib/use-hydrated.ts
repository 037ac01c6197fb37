import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards. State kept on the
 * device (cookies, localStorage) is unknown to the server, so a component renders the
 * anonymous, default state until this turns true: the first HTML and the hydrating render
 * agree, and the device's state follows one render later.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
