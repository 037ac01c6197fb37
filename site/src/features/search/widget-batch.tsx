import { useLayoutEffect, type ReactNode } from 'react';
import { useInstantSearchContext } from 'react-instantsearch';

/*
 * The search page's widgets registered with InstantSearch in one call.
 *
 * Each react-instantsearch hook registers its widget in a layout effect, one `addWidgets([w])`
 * call per widget. InstantSearch works out the search parameters of *every* widget registered so
 * far on each call, so a page of n widgets costs n²/2 of those (the search page has ~25: its
 * facets, sliders, hits, pagination, sort and search box). All of it runs in the commit of the
 * page's first render, which cannot be cut into slices: it was the longest task of a hydrating
 * search page (24–44 ms of a desktop's CPU, four times that on a phone).
 *
 * Here the calls made during one commit are collected and handed over in one `addWidgets` of all
 * of them, which InstantSearch documents as the same as adding them one by one, with one pass over
 * the widgets. `WidgetBatch`'s first child opens the batch in its layout effect, which React runs
 * before those of the children after it; `WidgetBatch` closes it in its own, which React runs
 * after its children's. A commit that does not render `WidgetBatch` again (a facet that appears
 * after a refinement) registers its widget at once, as before.
 */

interface WidgetIndex {
  addWidgets(widgets: object[]): unknown;
}

interface Batch {
  /** Widgets held while a batch is open; null when closed. */
  held: object[] | null;
  /** The index's own `addWidgets`. */
  add: (widgets: object[]) => unknown;
}

const batches = new WeakMap<WidgetIndex, Batch>();

function batchOf(index: WidgetIndex): Batch {
  let batch = batches.get(index);
  if (!batch) {
    const own = index.addWidgets.bind(index);
    const created: Batch = { held: null, add: own };
    index.addWidgets = (widgets: object[]) => {
      if (!created.held) return own(widgets);
      created.held.push(...widgets);
      return index;
    };
    batches.set(index, created);
    batch = created;
  }
  return batch;
}

/** Hands the held widgets to the index in one call and closes the batch. */
function closeBatch(batch: Batch): void {
  const held = batch.held;
  batch.held = null;
  if (held?.length) batch.add(held);
}

function OpenBatch({ index }: { index: WidgetIndex }) {
  useLayoutEffect(() => {
    const batch = batchOf(index);
    if (batch.held) return;
    batch.held = [];
    // WidgetBatch's layout effect closes the batch in this same commit. Should the commit stop
    // first (a layout effect that throws), the held widgets are registered once it ends.
    queueMicrotask(() => closeBatch(batch));
  });
  return null;
}

/** Registers the widgets its children mount in one commit with one `addWidgets` call. */
export function WidgetBatch({ children }: { children: ReactNode }) {
  const index = useInstantSearchContext().mainIndex as unknown as WidgetIndex;
  useLayoutEffect(() => closeBatch(batchOf(index)));
  return (
    <>
      <OpenBatch index={index} />
      {children}
    </>
  );
}
