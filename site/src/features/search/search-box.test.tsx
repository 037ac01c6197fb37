import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { InstantSearch } from 'react-instantsearch';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { SearchBox } from './search-box.tsx';

// Spec §4: the search text applies after a 300 ms pause in typing (search.textDebounceMs,
// default 300): no search while the shopper is still typing, one search for the whole text after.

const hydratedBefore = window.fcHydrated;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.fcHydrated = hydratedBefore;
});

/** A search client that answers every request with no hits and records the texts searched for. */
function recordingClient() {
  const queries: string[] = [];
  const search = vi.fn(async (requests: readonly { params?: { query?: string } }[]) => {
    for (const request of requests) queries.push(request.params?.query ?? '');
    return { results: requests.map(() => ({ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20, processingTimeMS: 1, exhaustiveNbHits: true, query: '', params: '' })) };
  });
  return { client: { search } as never, queries };
}

describe('the search text box', () => {
  it('searches once, for the whole text, 300 ms after the last keystroke', async () => {
    window.fcHydrated = true;
    const { client, queries } = recordingClient();
    renderWithApp(
      <InstantSearch searchClient={client} indexName="cars">
        <SearchBox />
      </InstantSearch>,
      { tenant: tenantFixture() },
    );
    const box = await screen.findByRole('searchbox', { name: 'Search stock' });
    await act(async () => {
      await Promise.resolve();
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const before = queries.length;
    for (const text of ['c', 'co', 'cor', 'corolla']) {
      fireEvent.change(box, { target: { value: text } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(299);
      });
    }
    expect(queries.slice(before)).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(queries.slice(before)).toEqual(['corolla']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(queries.slice(before)).toEqual(['corolla']);
  });
});
