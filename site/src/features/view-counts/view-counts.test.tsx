import { StrictMode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import ViewCount from './index.tsx';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const fields = { id: 1, status: 'in_stock', price: 1, reserved: false, sold: false, photos_count: 12, updated_at: '2026-01-01T00:00:00.000Z' };
let views = 123;
const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json({ views: ++views, car_fields: fields }));

beforeEach(() => {
  views = 123;
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
      <ViewCount slug="2021-toyota-corolla-42" photosCount={12} />
    </StrictMode>,
  );
  const box = screen.getByTestId('view-count');
  // Rendered empty first (the server's HTML): the box is there before the figure.
  expect(box.textContent).toBe('');
  await waitFor(() => expect(box.textContent).toContain('124 views'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/cars/2021-toyota-corolla-42/view.json?photos_count=12');
});

test('another car on the same page is another visit', async () => {
  const { rerender } = render(<ViewCount slug="car-a" photosCount={1} />);
  await waitFor(() => expect(screen.getByTestId('view-count').textContent).toContain('124 views'));
  rerender(<ViewCount slug="car-b" photosCount={1} />);
  await waitFor(() => expect(screen.getByTestId('view-count').textContent).toContain('125 views'));
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('a failed call leaves the box empty and logs a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  fetchMock.mockImplementationOnce(async () => json({ error: 'No car' }, 404));
  render(<ViewCount slug="gone" photosCount={0} />);
  await waitFor(() => expect(warn).toHaveBeenCalled());
  expect(screen.getByTestId('view-count').textContent).toBe('');
  warn.mockRestore();
});
