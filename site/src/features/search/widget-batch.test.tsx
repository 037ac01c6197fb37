import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { InstantSearch, useInstantSearch, useInstantSearchContext, useRefinementList } from 'react-instantsearch';
import { WidgetBatch } from './widget-batch.tsx';

afterEach(cleanup);

const FACETS = ['make', 'colour', 'simple_body', 'simple_fuel', 'seats'];

/** Answers every query with two hits and two values for each facet asked for, and keeps the queries. */
function recordingClient() {
  const queries: Array<{ indexName: string; params?: Record<string, unknown> }> = [];
  const client = {
    search: (requests: Array<{ indexName: string; params?: Record<string, unknown> }>) => {
      queries.push(...requests);
      return Promise.resolve({
        results: requests.map((request) => {
          const asked = ([] as string[]).concat((request.params?.facets as string[] | string | undefined) ?? []);
          return {
            index: request.indexName,
            hits: [{ objectID: '1' }, { objectID: '2' }],
            nbHits: 2,
            page: 0,
            nbPages: 1,
            hitsPerPage: 20,
            processingTimeMS: 1,
            exhaustiveNbHits: true,
            query: '',
            params: '',
            facets: Object.fromEntries(asked.map((facet) => [facet, { [`${facet}-a`]: 1, [`${facet}-b`]: 1 }])),
          };
        }),
      });
    },
  };
  return { client, queries };
}

/** Wraps the index's own `addWidgets` to count its calls and the widgets in each (once per index). */
function countAdds(index: { addWidgets: (widgets: object[]) => unknown }, calls: number[], counted: WeakSet<object>): void {
  if (counted.has(index)) return;
  counted.add(index);
  const own = index.addWidgets.bind(index);
  index.addWidgets = (widgets) => {
    calls.push(widgets.length);
    return own(widgets);
  };
}

const countedIndexes = new WeakSet<object>();

function AddCounter({ calls }: { calls: number[] }) {
  countAdds(useInstantSearchContext().mainIndex as never, calls, countedIndexes);
  return null;
}

function Facet({ attribute }: { attribute: string }) {
  const { items, refine } = useRefinementList({ attribute });
  return (
    <fieldset>
      <legend>{attribute}</legend>
      {items.map((item) => (
        <label key={item.value}>
          <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}

function Status() {
  const { results } = useInstantSearch();
  return <p>{results.nbHits} found</p>;
}

function Page({ calls }: { calls: number[] }) {
  const [more, setMore] = useState(false);
  return (
    <>
      {FACETS.map((attribute) => (
        <Facet key={attribute} attribute={attribute} />
      ))}
      <Status />
      <button type="button" onClick={() => setMore(true)}>
        More filters
      </button>
      {more ? <Facet attribute="state" /> : null}
      <p data-testid="calls">{calls.length}</p>
    </>
  );
}

function mount(calls: number[], client: ReturnType<typeof recordingClient>['client']) {
  return render(
    <InstantSearch searchClient={client as never} indexName="cars">
      <AddCounter calls={calls} />
      <WidgetBatch>
        <Page calls={calls} />
      </WidgetBatch>
    </InstantSearch>,
  );
}

describe('WidgetBatch', () => {
  it('registers the widgets mounted in one commit with one addWidgets call, and they search and refine as before', async () => {
    const calls: number[] = [];
    const { client, queries } = recordingClient();
    mount(calls, client);
    // Five facets and the status hook's widget-less reading: one call of five widgets.
    expect(calls).toEqual([FACETS.length]);
    expect(await screen.findByText('2 found')).toBeTruthy();
    // The first search asks for every facet the batch registered.
    const facets = ([] as string[]).concat((queries[0]?.params?.facets as string[] | string | undefined) ?? []);
    expect([...facets].sort()).toEqual([...FACETS].sort());
    expect(await screen.findByText('colour-a')).toBeTruthy();

    const before = queries.length;
    fireEvent.click(screen.getByLabelText('colour-a'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(queries.slice(before).some((query) => JSON.stringify(query.params).includes('colour:colour-a'))).toBe(true);
  });

  it('registers a widget that mounts later, in a commit of its own, at once', async () => {
    const calls: number[] = [];
    const { client, queries } = recordingClient();
    mount(calls, client);
    await screen.findByText('2 found');
    const before = queries.length;
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    expect(calls).toEqual([FACETS.length, 1]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(queries.length).toBeGreaterThan(before);
    expect(JSON.stringify(queries.at(-1)?.params)).toContain('state');
  });
});
