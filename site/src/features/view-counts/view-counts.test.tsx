import { StrictMode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import ViewCount from './index.tsx';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const fields = { id: 1, status: 'in_stock', price: 1, reserved: false, sold: false, photos_count: 12, updated_at: '2026-01-01T00:00:00.000Z' };
let views = 123;
// The site's id comes from GET /api/site (asked once per page); every other call is view.json.
const site = () => json({ id: 7, slug: 'test', name: 'Test', url: 'http://test', dealerships: [] });
const answers = async (input: RequestInfo | URL, _init?: RequestInit) => (String(input) === '/api/site' ? site() : json({ views: ++views, car_fields: fields }));
const fetchMock = vi.fn(answers);
const viewCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((path) => path !== '/api/site');

// Each test starts from a platform that answers, whether or not an earlier test already had the
// page ask for the site's ids (once per page): the tests pass in any order.
beforeEach(() => {
  views = 123;
  fetchMock.mockImplementation(answers);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

test('spec §7: one view.json call per visit, also under StrictMode; the count shows as "124 views"', async () => {
  render(
    <StrictMode>
      <ViewCount slug="2021-toyota-corolla-42" photosCount={12} updatedAt="2026-01-01T00:00:00.000Z" />
    </StrictMode>,
  );
  const box = screen.getByTestId('view-count');
  // Rendered empty first (the server's HTML): the box is there before the figure.
  expect(box.textContent).toBe('');
  await waitFor(() => expect(box.textContent).toContain('124 views'));
  // photos_count, updated_at and website_id (spec §7), the site's id from the platform.
  expect(viewCalls()).toEqual(['/api/cars/2021-toyota-corolla-42/view.json?photos_count=12&updated_at=2026-01-01T00%3A00%3A00.000Z&website_id=7']);
});

test('the answer is cached per site and version of the car: the same car again is no second call; a changed car asks again', async () => {
  const first = render(<ViewCount slug="car-cached" photosCount={3} updatedAt="2026-02-01T00:00:00.000Z" />);
  await waitFor(() => expect(screen.getByTestId('view-count').textContent).toContain('124 views'));
  first.unmount();
  // Back to the same car (the back button): the count at once, from the cache.
  const again = render(<ViewCount slug="car-cached" photosCount={3} updatedAt="2026-02-01T00:00:00.000Z" />);
  await waitFor(() => expect(screen.getByTestId('view-count').textContent).toContain('124 views'));
  again.unmount();
  expect(viewCalls().filter((path) => path.includes('car-cached'))).toHaveLength(1);
  // The dealer added photos: another version of the car, asked again.
  render(<ViewCount slug="car-cached" photosCount={4} updatedAt="2026-02-02T00:00:00.000Z" />);
  await waitFor(() => expect(screen.getByTestId('view-count').textContent).toContain('125 views'));
  expect(viewCalls().filter((path) => path.includes('car-cached'))).toHaveLength(2);
});

test('another car on the same page is another visit', async () => {
  const { rerender } = render(<ViewCount slug="car-a" photosCount={1} />);
  await waitFor(() => expect(screen.getByTestId('view-count').textContent).toContain('124 views'));
  rerender(<ViewCount slug="car-b" photosCount={1} />);
  await waitFor(() => expect(screen.getByTestId('view-count').textContent).toContain('125 views'));
  expect(viewCalls()).toHaveLength(2);
});

test('a failed call leaves the box empty and logs a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  // The car's view.json fails; the site's ids (asked first on a fresh page) still answer.
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => (String(input) === '/api/site' ? site() : json({ error: 'No car' }, 404)));
  render(<ViewCount slug="gone" photosCount={0} />);
  await waitFor(() => expect(warn).toHaveBeenCalled());
  expect(screen.getByTestId('view-count').textContent).toBe('');
  warn.mockRestore();
});
