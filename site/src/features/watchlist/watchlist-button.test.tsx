import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { TenantProvider } from '../../lib/tenant-context.tsx';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import WatchlistButton from './watchlist-button.tsx';

const tenant = tenantFixture({ features: { favouritesMechanism: 'watchlist', watchlist: true } });
const shopper = { id: 7, email: 'sam@example.com', name: 'Sam', phone: '0412 345 678', role: 'shopper' };
const car = { id: 42, title: '2021 Toyota Corolla Ascent', available: true };

interface ServerState {
  user: typeof shopper | null;
  ids: number[];
  /** Answer of the next save/remove call; a promise lets a test hold the call open. */
  change?: Promise<Response>;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeServer(state: ServerState) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/auth/me') return json({ user: state.user });
    if (path === '/api/watchlist') return json({ watchlist: state.ids.map((id) => ({ id })) });
    if (path.startsWith('/api/watchlist/')) return state.change ?? json({ success: true, message: 'ok', watchlist: [] });
    return json({ error: 'not found' }, 404);
  });
}

/** The button once it is enabled (the live control replaces a disabled placeholder while it loads). */
async function enabledButton(name: string): Promise<HTMLButtonElement> {
  let found: HTMLButtonElement | undefined;
  await waitFor(() => {
    found = screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(found.disabled).toBe(false);
  });
  return found!;
}

function renderButton(props: Partial<Parameters<typeof WatchlistButton>[0]> = {}, ...others: (typeof car)[]) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <WatchlistButton car={car} {...props} />
        {others.map((other) => <WatchlistButton key={other.id} car={other} />)}
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/search/used-cars'] }) });
  render(
    <TenantProvider tenant={tenant}>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </TenantProvider>,
  );
  return router;
}

describe('WatchlistButton', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
    // The router restores scroll on navigation; jsdom has no scrolling.
    vi.stubGlobal('scrollTo', () => {});
    window.history.replaceState(null, '', '/search/used-cars');
    // Most tests are about a visitor who may be signed in (the platform set its hint cookie).
    document.cookie = 'fc_signed_in=1; path=/';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'fc_signed_in=; path=/; max-age=0';
  });

  it('without the signed-in hint, asks nothing of the server and sends SAVE to sign-in', async () => {
    document.cookie = 'fc_signed_in=; path=/; max-age=0';
    const fetch = fakeServer({ user: shopper, ids: [car.id] });
    vi.stubGlobal('fetch', fetch);
    const router = renderButton();

    const button = await screen.findByRole('button', { name: `SAVE: ${car.title}` });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ type: 'watchlist', redirect: '/search/used-cars', back: '/search/used-cars' });
  });

  it('sends a signed-out visitor to sign-in with redirect and back', async () => {
    vi.stubGlobal('fetch', fakeServer({ user: null, ids: [] }));
    const router = renderButton();

    const button = await enabledButton(`SAVE: ${car.title}`);
    fireEvent.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ type: 'watchlist', redirect: '/search/used-cars', back: '/search/used-cars' });
  });

  it('sends a signed-in user without a phone to sign-in too', async () => {
    vi.stubGlobal('fetch', fakeServer({ user: { ...shopper, phone: null as unknown as string }, ids: [] }));
    const router = renderButton();

    const button = await enabledButton(`SAVE: ${car.title}`);
    fireEvent.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('shows the save at once, is disabled during the call, then toasts with View List', async () => {
    let answer!: (response: Response) => void;
    const fetch = fakeServer({ user: shopper, ids: [], change: new Promise((resolve) => (answer = resolve)) });
    vi.stubGlobal('fetch', fetch);
    const onSaved = vi.fn();
    const router = renderButton({ onSaved });

    const button = await enabledButton(`SAVE: ${car.title}`);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/watchlist', expect.anything()));
    fireEvent.click(button);

    const saving = await screen.findByRole('button', { name: `SAVED: ${car.title}` });
    expect(saving.getAttribute('aria-pressed')).toBe('true');
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    const call = fetch.mock.calls.find(([path]) => path === '/api/watchlist/save-car');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ phone_number: shopper.phone, car_id: car.id });

    await act(async () => answer(json({ success: true, message: 'Car Saved In Watchlist', watchlist: [{ id: car.id }] })));

    // The toast host is loaded with the first toast; give the import time on a busy machine.
    expect(await screen.findByText('Car Saved In Watchlist', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: `SAVED: ${car.title}` }) as HTMLButtonElement).disabled).toBe(false));
    expect(onSaved).toHaveBeenCalledWith(car.id);
    fireEvent.click(screen.getByRole('button', { name: 'View List' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/watchlist'));
  });

  it('alerts the server message and rolls a failed save back', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({
        user: shopper,
        ids: [],
        change: Promise.resolve(json({ success: false, message: 'This car is no longer available.', watchlist: [] }, 404)),
      }),
    );
    const onSaved = vi.fn();
    renderButton({ onSaved });

    const button = await enabledButton(`SAVE: ${car.title}`);
    fireEvent.click(button);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('This car is no longer available.'));
    const after = await screen.findByRole('button', { name: `SAVE: ${car.title}` });
    expect(after.getAttribute('aria-pressed')).toBe('false');
    expect((after as HTMLButtonElement).disabled).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('alerts the words a refusal wrote for the shopper, or a sentence of its own, never the summary written for programs', async () => {
    const refusals = [
      { body: { error: 'Too many requests from 127.0.0.1 on /api/watchlist/save-car', message: 'Too many requests. Please wait a moment and try again.' }, status: 429, shown: 'Too many requests. Please wait a moment and try again.' },
      { body: { error: 'Invalid body: car_id: Expected number', fields: [{ path: 'car_id', message: 'Expected number' }] }, status: 400, shown: 'Your watchlist could not be updated. Please try again.' },
    ];
    for (const refusal of refusals) {
      cleanup();
      alert.mockClear();
      vi.stubGlobal('fetch', fakeServer({ user: shopper, ids: [], change: Promise.resolve(json(refusal.body, refusal.status)) }));
      renderButton();
      fireEvent.click(await enabledButton(`SAVE: ${car.title}`));
      await waitFor(() => expect(alert).toHaveBeenCalledWith(refusal.shown));
      expect(await screen.findByRole('button', { name: `SAVE: ${car.title}` })).toBeTruthy();
    }
  });

  it('removes a saved car and toasts Car Removed', async () => {
    vi.stubGlobal('fetch', fakeServer({ user: shopper, ids: [car.id], change: Promise.resolve(json({ success: true, message: 'Car Removed', watchlist: [] })) }));
    renderButton();

    const button = await screen.findByRole('button', { name: `SAVED: ${car.title}` });
    fireEvent.click(button);

    expect(await screen.findByText('Car Removed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(`${car.title} is no longer in your watchlist.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: `SAVE: ${car.title}` }).getAttribute('aria-pressed')).toBe('false');
  });

  it('hides the button on a sold car unless it is already saved', async () => {
    // Another car, saved, shows SAVED once the saved list has arrived and rendered: the sold
    // car rendered from the same list then.
    const savedCar = { id: 43, title: '2020 Mazda CX-5 Maxx', available: true };
    vi.stubGlobal('fetch', fakeServer({ user: shopper, ids: [savedCar.id] }));
    renderButton({ car: { ...car, available: false } }, savedCar);
    await screen.findByRole('button', { name: `SAVED: ${savedCar.title}` }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: new RegExp(car.title) })).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    cleanup();

    vi.stubGlobal('fetch', fakeServer({ user: shopper, ids: [car.id] }));
    renderButton({ car: { ...car, available: false } });
    expect(await screen.findByRole('button', { name: `SAVED: ${car.title}` })).toBeTruthy();
  });
});
