import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';

// Every feature switch of the bundle off (the page's own parts need none), favourites as the
// watchlist; what this file set is taken away after it, since the page's globals outlive a file.
const featureGlobals = vi.hoisted(() => {
  const before = new Map<string, unknown>();
  const set = (name: string, value: unknown) => {
    if (!before.has(name)) before.set(name, Object.prototype.hasOwnProperty.call(globalThis, name) ? (globalThis as Record<string, unknown>)[name] : undefined);
    Object.assign(globalThis, { [name]: value });
  };
  set('__FEATURE_FAVOURITES_MECHANISM__', 'watchlist');
  for (const name of [
    '__FEATURE_ANNOUNCEMENT_BAR__',
    '__FEATURE_BLOG__',
    '__FEATURE_BOOK_SERVICE_ON_LOCATIONS__',
    '__FEATURE_BRAND_DIRECTORY__',
    '__FEATURE_BUY_ONLINE__',
    '__FEATURE_BY_APPOINTMENT_ONLY_WEEKENDS__',
    '__FEATURE_CAR_LOCATION_REVIEWS__',
    '__FEATURE_CERTIFIED_PRE_OWNED_MODAL__',
    '__FEATURE_COLLAPSIBLE_SECTIONS__',
    '__FEATURE_COMPARE__',
    '__FEATURE_DELIVERY_CALCULATOR__',
    '__FEATURE_EMERGENCY_BANNER__',
    '__FEATURE_ENQUIRY_COMMENTS_REQUIRED__',
    '__FEATURE_ENQUIRY_TERMS_REQUIRED__',
    '__FEATURE_EOFY_SALE__',
    '__FEATURE_FINANCE_CALCULATOR__',
    '__FEATURE_FINANCE_ENQUIRY_EVENT__',
    '__FEATURE_FINANCE_ENQUIRY__',
    '__FEATURE_FINANCE_ESTIMATE__',
    '__FEATURE_FINANCE_SUMMARY__',
    '__FEATURE_FUEL_CALCULATOR__',
    '__FEATURE_FULL_DEALER_COMMENTS__',
    '__FEATURE_GARAGE__',
    '__FEATURE_GATED_CHECKOUT__',
    '__FEATURE_GATED_EQUIFAX_FINANCE__',
    '__FEATURE_GATED_FINANCE__',
    '__FEATURE_GATED_SELL_MY_CAR__',
    '__FEATURE_GATED_SPIN_TO_WIN__',
    '__FEATURE_GATED_TRADE_IN__',
    '__FEATURE_GROUP_SITE_LINKS__',
    '__FEATURE_HISTORY_REPORT__',
    '__FEATURE_LICENCE_DETAILS__',
    '__FEATURE_LOCATION_REVIEWS__',
    '__FEATURE_MARKET_PRICE_HINT__',
    '__FEATURE_MOBILE_CTA_BAR__',
    '__FEATURE_MODEL_PAGES__',
    '__FEATURE_ONLINE_PAYMENT__',
    '__FEATURE_ONLINE_PURCHASE__',
    '__FEATURE_PARTS_FORM_SPLIT_FIELDS__',
    '__FEATURE_PARTS_ORDER__',
    '__FEATURE_PAYMENT_LOGOS__',
    '__FEATURE_PHONE_REVEALED_BY_DEFAULT__',
    '__FEATURE_PRICE_DISPLAY_TOGGLE__',
    '__FEATURE_PRICE_GAUGE__',
    '__FEATURE_PRINT__',
    '__FEATURE_REQUEST_PHOTOS__',
    '__FEATURE_RESERVE_BUTTON__',
    '__FEATURE_SALES_THIS_MONTH_COUNTER__',
    '__FEATURE_SEARCH_HISTORY__',
    '__FEATURE_SELL_YOUR_CAR__',
    '__FEATURE_SERIES_IN_TITLE__',
    '__FEATURE_SERVICE_BOOKING__',
    '__FEATURE_SHARING__',
    '__FEATURE_SIMILAR_CARS_LAYOUT__',
    '__FEATURE_SPECIAL_OFFERS__',
    '__FEATURE_SPIN_AUTO_ROTATE__',
    '__FEATURE_SPIN_TO_WIN__',
    '__FEATURE_SPIN_VIEWER__',
    '__FEATURE_STICKY_CAR_HEADER__',
    '__FEATURE_SUBSCRIPTION_LAYOUT__',
    '__FEATURE_TEST_DRIVE__',
    '__FEATURE_THREE_FEATURE_BANNER__',
    '__FEATURE_TRADE_IN__',
    '__FEATURE_USED_CAR_CHECKS__',
    '__FEATURE_VALUATION_ENQUIRY__',
    '__FEATURE_VALUATION_RESULT_LOG__',
    '__FEATURE_VIEWER_DEFAULT_VIEW__',
    '__FEATURE_VIEW_COUNTS__',
    '__FEATURE_WARRANTY_SECTION__',
    '__FEATURE_WATCHLIST__',
  ]) set(name, false);
  return before;
});

afterAll(() => {
  for (const [name, value] of featureGlobals) {
    if (value === undefined) Reflect.deleteProperty(globalThis, name);
    else Object.assign(globalThis, { [name]: value });
  }
});

import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { SearchPage } from './search-page.tsx';

// Spec §4: the search load states loading, hasData and hasError, with the previous hits, facets
// and counts kept on screen while loading or on error; any filter or search-text change clears
// the page (back to the first).

const hydratedBefore = window.fcHydrated;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.fcHydrated = hydratedBefore;
});

type Request = { indexName: string; params?: { query?: string; page?: number } };

/** A search client whose first answer is 45 cars; later answers wait until the test says how they end. */
function controlledClient() {
  const requests: Request[] = [];
  let answered = 0;
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const answer = (batch: readonly Request[]) => ({
    results: batch.map((request) => ({ index: request.indexName, hits: [], nbHits: 45, page: request.params?.page ?? 0, nbPages: 3, hitsPerPage: 21, processingTimeMS: 1, exhaustiveNbHits: true, query: request.params?.query ?? '', params: '', facets: {} })),
  });
  const search = vi.fn((batch: readonly Request[]) => {
    requests.push(...batch);
    if (answered++ === 0) return Promise.resolve(answer(batch));
    return new Promise((resolve, reject) => pending.push({ resolve: () => resolve(answer(batch)), reject }));
  });
  return { client: { search } as never, requests, pending };
}

function renderPage(client: never, path = '/search/new-used-and-demo-cars/') {
  const indexes = { relevance: 'cars', latest: 'cars_latest', price_desc: 'cars_price_desc', price_asc: 'cars_price_asc' };
  renderWithApp(<ToastProvider><SearchPage client={client} indexes={indexes} defaultSort="relevance" stockFilter="visible:true" catalog={{ makes: [], makeModels: [] }} stats={{}} nowSeconds={1_700_000_000} promoDraw={0} /></ToastProvider>, { tenant: tenantFixture(), path });
}

async function typeSearch(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search stock' }), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
}

describe('the search page while a search is under way or failed', () => {
  it('keeps the count on screen, marks the results busy, then reports a failure and still keeps them', async () => {
    window.fcHydrated = true;
    const { client, pending } = controlledClient();
    renderPage(client);
    const count = await screen.findByTestId('result-count');
    // The first answer: 45 cars.
    const shown = '45 cars found';
    await vi.waitFor(() => expect(count.textContent).toBe(shown), { timeout: 5_000 });
    const results = screen.getByRole('region', { name: 'Results' });
    expect(results.getAttribute('aria-busy')).toBe('false');
    // Every part of the page started (the lead form under the results loads its code in real
    // time): a search typed while a part still starts waits for it, on the clock faked below.
    await vi.waitFor(() => expect(document.querySelector('[data-interactive="false"]')).toBeNull(), { timeout: 5_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await typeSearch('corolla');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    // The page renders the typed text in real time (React works in slices of real milliseconds,
    // more of them on a busy machine): poll for the search it sends, moving the faked clock on.
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0), { timeout: 5_000 });
    await vi.waitFor(() => expect(results.getAttribute('aria-busy')).toBe('true'), { timeout: 5_000 });
    expect(count.textContent).toBe(shown);
    await act(async () => {
      for (const p of pending.splice(0)) p.reject(new Error('Network down'));
      await vi.advanceTimersByTimeAsync(10);
    });
    // Plain words only: the failure's own text ('Network down', an address and status) is not for shoppers.
    expect(screen.getByRole('alert').textContent).toBe("We couldn't update the results. The previous results are still shown; please try again.");
    expect(count.textContent).toBe(shown);
    expect(results.getAttribute('aria-busy')).toBe('false');
  });

  it('goes back to the first page when the search text changes on page 2', async () => {
    window.fcHydrated = true;
    const { client, requests } = controlledClient();
    renderPage(client, '/search/new-used-and-demo-cars/?page=2');
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0), { timeout: 5_000 });
    expect(requests[0]!.params?.page).toBe(1);
    // Page 2's answer on screen first: the page reset is for a shopper who reads page 2 and then types.
    await vi.waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('45 cars found'), { timeout: 5_000 });
    // And every part of the page started, as above.
    await vi.waitFor(() => expect(document.querySelector('[data-interactive="false"]')).toBeNull(), { timeout: 5_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const before = requests.length;
    await typeSearch('corolla');
    // As above: polled, on the faked clock.
    await vi.waitFor(() => expect(requests.slice(before).some((r) => r.params?.query === 'corolla')).toBe(true), { timeout: 5_000 });
    const next = requests.slice(before).filter((r) => r.params?.query === 'corolla');
    expect(next.map((r) => r.params?.page ?? 0)).toEqual(next.map(() => 0));
  });
});
