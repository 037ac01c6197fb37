import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { getServerState, InstantSearch, InstantSearchSSRProvider, usePagination, type InstantSearchServerState } from 'react-instantsearch';
import { SearchSSRProvider } from './search-ssr-provider.tsx';

afterEach(cleanup);

// A search client that answers every query with 3 pages of 2 hits.
const searchClient = {
  search: (requests: readonly { indexName: string }[]) =>
    Promise.resolve({
      results: requests.map((request) => ({
        index: request.indexName,
        hits: [{ objectID: '1' }, { objectID: '2' }],
        nbHits: 6,
        page: 0,
        nbPages: 3,
        hitsPerPage: 2,
        processingTimeMS: 1,
        exhaustiveNbHits: true,
        query: '',
        params: '',
      })),
    }),
};

/** A routing router that counts the instances started with it (each subscribes once) and disposed. */
function countingRouting() {
  const counts = { subscribed: 0, disposed: 0 };
  const router = {
    read: () => ({}),
    write: () => {},
    createURL: () => '#',
    onUpdate: () => {
      counts.subscribed++;
    },
    dispose: () => {
      counts.disposed++;
    },
  };
  return { counts, routing: { router, stateMapping: { stateToRoute: (uiState: object) => uiState, routeToState: (route: object) => route } } };
}

function Pages() {
  const { nbPages } = usePagination();
  return <p>{nbPages} pages</p>;
}

/** Suspends on its first render (as a part of the page whose code is still loading does). */
function suspendOnce() {
  let release!: () => void;
  let done = false;
  const promise = new Promise<void>((resolve) => (release = resolve)).then(() => {
    done = true;
  });
  function SuspendOnce() {
    if (!done) throw promise;
    return null;
  }
  return { SuspendOnce, release: () => act(async () => release()) };
}

async function serverStateOf(): Promise<InstantSearchServerState> {
  const { routing } = countingRouting();
  return getServerState(
    <InstantSearch searchClient={searchClient as never} indexName="cars" routing={routing as never}>
      <Pages />
    </InstantSearch>,
    { renderToString },
  );
}

/** The page's shape: the provider inside a subtree that React renders twice before committing it. */
async function renderTwiceBeforeCommit(provider: (serverState: InstantSearchServerState, children: ReactNode) => ReactNode) {
  const serverState = await serverStateOf();
  const { counts, routing } = countingRouting();
  const { SuspendOnce, release } = suspendOnce();
  const view = render(
    <Suspense fallback={<p>loading</p>}>
      {provider(
        serverState,
        <InstantSearch searchClient={searchClient as never} indexName="cars" routing={routing as never}>
          <Pages />
          <SuspendOnce />
        </InstantSearch>,
      )}
    </Suspense>,
  );
  expect(screen.getByText('loading')).toBeTruthy();
  await release();
  expect(await screen.findByText('3 pages')).toBeTruthy();
  return { counts, view };
}

describe('SearchSSRProvider', () => {
  it('keeps one InstantSearch when React renders the page again before committing it', async () => {
    const { counts, view } = await renderTwiceBeforeCommit((serverState, children) => <SearchSSRProvider serverState={serverState}>{children}</SearchSSRProvider>);
    expect(counts.subscribed).toBe(1);
    expect(counts.disposed).toBe(0);
    // Leaving the page disposes it: nothing stays subscribed to the URL.
    // Disposal waits a task (a remount may follow at once): the clock is driven through it.
    vi.useFakeTimers();
    try {
      view.unmount();
      act(() => vi.runAllTimers());
    } finally {
      vi.useRealTimers();
    }
    expect(counts.disposed).toBe(1);
  });

  it("react-instantsearch's own provider starts more instances there and keeps them all (why this provider exists)", async () => {
    const { counts, view } = await renderTwiceBeforeCommit((serverState, children) => <InstantSearchSSRProvider {...serverState}>{children}</InstantSearchSSRProvider>);
    expect(counts.subscribed).toBeGreaterThan(1);
    // Disposal waits a task (a remount may follow at once): the clock is driven through it.
    vi.useFakeTimers();
    try {
      view.unmount();
      act(() => vi.runAllTimers());
    } finally {
      vi.useRealTimers();
    }
    expect(counts.disposed).toBe(0);
  });
});
