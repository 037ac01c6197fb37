import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { PhoneLink, PhoneReveal } from './phone-link.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const site = () => json({ id: 7, slug: 's', name: 'S', url: 'https://s', dealerships: [{ id: 3, slug: 'main-street', name: 'Main Street' }] });
/** The platform as it answers when all is well: the site's ids, and 201 for a tracking call. */
const answers = async (url: string, _init?: RequestInit) => (url === '/api/site' ? site() : json({ success: true }, 201));
const fetchMock = vi.fn(answers);

// Each test starts from a platform that answers: a test that makes a call fail says so itself,
// and the site's ids may already be known to the page (they are asked once per page) or not.
beforeEach(() => {
  fetchMock.mockImplementation(answers);
  vi.stubGlobal('fetch', fetchMock);
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const dataLayer = () => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer;
const trackingBodies = () => fetchMock.mock.calls.filter(([url]) => url === '/api/leads/phone-reveal').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

test('spec §4/§7: revealing the number fires event 25 and the lead-tracking call with car_id, dealership_id and website_id', async () => {
  renderWithApp(<PhoneReveal phone="07 3123 4567" revealed={false} noNumberText="Call the dealer" icon={null} context={{ carId: 42, dealershipId: 3, placement: 'vehicle' }} />, {
    tenant: tenantFixture({}),
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Show phone number' }));
  const link = await screen.findByRole('link', { name: '07 3123 4567' });
  expect(link.getAttribute('href')).toBe('tel:0731234567');
  // The number replaces the button the shopper pressed: focus follows it.
  await waitFor(() => expect(document.activeElement).toBe(link));
  expect(dataLayer()).toEqual([{ event: 'phone_click', event_id: 25, action: 'reveal', placement: 'vehicle', car_id: 42 }]);
  await waitFor(() => expect(trackingBodies()).toEqual([{ car_id: 42, dealership_id: 3, website_id: 7 }]));
});

test('tapping a number anywhere fires event 25 and the tracking call, with the dealership found by its slug', async () => {
  renderWithApp(<PhoneLink phone="1300 123 456" context={{ dealershipSlug: 'main-street', placement: 'header' }} />, { tenant: tenantFixture({}) });
  const link = await screen.findByRole('link', { name: '1300 123 456' });
  link.addEventListener('click', (event) => event.preventDefault());
  fireEvent.click(link);
  expect(dataLayer()).toEqual([{ event: 'phone_click', event_id: 25, action: 'call', placement: 'header' }]);
  await waitFor(() => expect(trackingBodies()).toEqual([{ dealership_id: 3, website_id: 7 }]));
});

test('spec §8: a failed tracking call is a console warning and nothing else', async () => {
  fetchMock.mockImplementation(async (url: string) => (url === '/api/site' ? site() : json({ error: 'down' }, 503)));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  renderWithApp(<PhoneLink phone="1300 123 456" context={{ placement: 'footer' }} />, { tenant: tenantFixture({}) });
  const link = await screen.findByRole('link', { name: '1300 123 456' });
  link.addEventListener('click', (event) => event.preventDefault());
  fireEvent.click(link);
  await waitFor(() => expect(warn).toHaveBeenCalledWith('Phone reveal tracking failed', expect.any(Error)));
  expect(screen.getByRole('link', { name: '1300 123 456' })).toBeTruthy();
  warn.mockRestore();
});

test('some dealers show the number at once; without a number it reads the tenant’s text and warns', async () => {
  const { unmount } = renderWithApp(<PhoneReveal phone="1300 123 456" revealed noNumberText="Call the dealer" icon={null} context={{ placement: 'vehicle' }} />, {
    tenant: tenantFixture({}),
  });
  expect(await screen.findByRole('link', { name: '1300 123 456' })).toBeTruthy();
  unmount();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  renderWithApp(<PhoneReveal phone={null} revealed={false} noNumberText="Call the shop" icon={null} context={{ carId: 9, placement: 'vehicle' }} />, { tenant: tenantFixture({}) });
  expect(await screen.findByText('Call the shop')).toBeTruthy();
  expect(warn).toHaveBeenCalledWith('No phone for car', 9);
  warn.mockRestore();
});
