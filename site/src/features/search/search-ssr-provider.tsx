import { useEffect, useMemo, type ReactNode } from 'react';
import { InstantSearchSSRContext, type InstantSearchServerState } from 'react-instantsearch';

/*
 * The search page's first results from the server, for InstantSearch to hydrate with: what
 * react-instantsearch's `InstantSearchSSRProvider` does, with two differences that keep a
 * server-rendered search page to one InstantSearch for its life.
 *
 * With server results, InstantSearch is created and started (its routing subscribed to the
 * app's history, its widgets registered) while the page renders, not in an effect. The stock
 * provider keeps the instance in a `useRef`, and React throws a render away without committing
 * it when the hydration is interrupted: hydration runs in a transition (app/start.tsx), so an
 * input event or a part of the page that suspends makes React render the subtree again from
 * scratch. The second render created a second instance, and the first lived on, subscribed to
 * the URL, with only the widgets it had reached: on the next refinement it wrote the URL again
 * without the refinements it had no widget for, and the page's instance followed that URL (a
 * "Next page" or a price typed under load never reached the URL). Here the instance is kept
 * with the server state itself, outside React, so a render started again finds the same one.
 *
 * The stock provider also never disposes the instance (its cleanup is skipped for server
 * state), so leaving the search page left it subscribed to the URL. Here it is disposed when
 * the page unmounts (a task later, so React's development double-mount does not dispose it).
 *
 * This fills the library's internal context by hand (its refs are not public API, hence the
 * `as never`); search-ssr-internals.test.tsx fails when react-instantsearch adds, drops or renames
 * one, and package.json pins the version. When it can go: when InstantSearchSSRProvider keeps its
 * instance outside React state (or lets a render thrown away reuse it) and disposes it on unmount
 * (react-instantsearch's own issue tracker; re-check on each upgrade). Then the stock provider
 * replaces this file.
 */

interface KeptRefs {
  ssrSearchRef: { current: { dispose(): void } | null };
  recommendIdx: { current: number };
  hydrationCompleteRef: { current: boolean };
  disposeTimer: ReturnType<typeof setTimeout> | undefined;
}

const kept = new WeakMap<InstantSearchServerState, KeptRefs>();

function refsFor(serverState: InstantSearchServerState): KeptRefs {
  let refs = kept.get(serverState);
  if (!refs) {
    refs = { ssrSearchRef: { current: null }, recommendIdx: { current: 0 }, hydrationCompleteRef: { current: false }, disposeTimer: undefined };
    kept.set(serverState, refs);
  }
  return refs;
}

/** The page has hydrated; a dispose scheduled by a development double-mount is called off. */
function mounted(refs: KeptRefs): void {
  refs.hydrationCompleteRef.current = true;
  clearTimeout(refs.disposeTimer);
}

/** The page unmounted: dispose its InstantSearch a task later, unless it mounts again first. */
function unmounted(refs: KeptRefs): void {
  refs.disposeTimer = setTimeout(() => {
    refs.ssrSearchRef.current?.dispose();
    refs.ssrSearchRef.current = null;
    refs.recommendIdx.current = 0;
  });
}

/** Provides server-rendered search results to the InstantSearch below it (one instance per page). */
export function SearchSSRProvider({ serverState, children }: { serverState: InstantSearchServerState; children: ReactNode }) {
  const refs = refsFor(serverState);
  // One context value for the page's life: a new value makes InstantSearch re-subscribe.
  const value = useMemo(
    () => ({ ...serverState, ssrSearchRef: refs.ssrSearchRef, recommendIdx: refs.recommendIdx, hydrationCompleteRef: refs.hydrationCompleteRef }),
    [serverState, refs],
  );
  useEffect(() => {
    mounted(refs);
    return () => unmounted(refs);
  }, [refs]);
  return <InstantSearchSSRContext.Provider value={value as never}>{children}</InstantSearchSSRContext.Provider>;
}
