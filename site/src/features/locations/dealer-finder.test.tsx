import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { DealerFinder } from './dealer-finder.tsx';

// Spec §7/§9: place suggestions wait for a 300 ms pause in typing; spec §8: 'Error getting
// geocode' is logged when the postcode lookup fails, and the finder reads 'Invalid postcode'.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderFinder() {
  render(<DealerFinder locations={[]} nearbyRadiusKm={250} nearbyMax={5} onChoose={() => {}} />);
  return screen.getByRole('combobox', { name: 'Find a dealership near you' }) as HTMLInputElement;
}

test('place suggestions are asked for once typing pauses for 300 ms, with the last text only', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const fetch = vi.fn(async (_path: string) => json({ predictions: [] }));
  vi.stubGlobal('fetch', fetch);
  const input = renderFinder();
  fireEvent.change(input, { target: { value: 'Newst' } });
  act(() => vi.advanceTimersByTime(200));
  fireEvent.change(input, { target: { value: 'Newstead' } });
  act(() => vi.advanceTimersByTime(299));
  expect(fetch).not.toHaveBeenCalled();
  await act(async () => vi.advanceTimersByTime(1));
  expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/places/autocomplete?input=newstead']);
});

test("a failed postcode lookup logs 'Error getting geocode' and reads 'Invalid postcode'", async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('fetch', async (path: string) => (path.startsWith('/api/postcodes/') ? Promise.reject(new TypeError('Failed to fetch')) : json({ predictions: [] })));
  const input = renderFinder();
  fireEvent.change(input, { target: { value: '4006' } });
  fireEvent.submit(screen.getByRole('search', { name: 'Find a dealership' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Invalid postcode');
  expect(error.mock.calls.filter(([text]) => text === 'Error getting geocode')).toHaveLength(1);
});
