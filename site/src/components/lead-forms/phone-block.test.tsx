import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { PhoneBlock } from './phone-block.tsx';

const fetchMock = vi.fn(async () => new Response('{"success":true}', { status: 201, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

test('spec §4/§7: the number is revealed on click, which tracks the lead and fires event 25', async () => {
  Object.assign(globalThis, { __FEATURE_PHONE_REVEALED_BY_DEFAULT__: false });
  renderWithApp(<PhoneBlock phone="07 3123 4567" carId={42} dealershipId={3} />, { tenant: tenantFixture({}) });
  fireEvent.click(await screen.findByRole('button', { name: 'Call the dealer: Show number' }));
  const link = await screen.findByRole('link', { name: 'Call the dealer: 07 3123 4567' });
  expect(link.getAttribute('href')).toBe('tel:0731234567');
  expect(fetchMock).toHaveBeenCalledWith('/api/leads/phone-reveal', expect.objectContaining({ method: 'POST', body: JSON.stringify({ car_id: 42, dealership_id: 3 }) }));
  expect((window as unknown as { dataLayer: { event_id: number }[] }).dataLayer.map((e) => e.event_id)).toEqual([25]);
});

test('some dealers show the number at once; without a number it reads the tenant’s text', async () => {
  // The switch is compiled into the bundle (features.phoneRevealedByDefault).
  Object.assign(globalThis, { __FEATURE_PHONE_REVEALED_BY_DEFAULT__: true });
  const { unmount } = renderWithApp(<PhoneBlock phone="1300 123 456" />, { tenant: tenantFixture({}) });
  expect(await screen.findByRole('link', { name: 'Call the dealer: 1300 123 456' })).toBeTruthy();
  unmount();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  renderWithApp(<PhoneBlock phone={null} carId={9} />, { tenant: tenantFixture({ labels: { callTheDealer: 'Call the shop' } }) });
  expect(await screen.findByText('Call the shop')).toBeTruthy();
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});
