import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { featureFlagDefines } from '../../../../schema/resolve.ts';
import { carFixture } from '../../test/car-fixture.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import type { VehicleSlots } from './slots.ts';

// The build compiles each tenant's switches in as constants; here the fixture tenant's, with
// reservations on (a dealer that takes them).
function stubSwitches() {
  for (const [name, value] of Object.entries(featureFlagDefines(tenantFixture()))) vi.stubGlobal(name, JSON.parse(value));
  vi.stubGlobal('__FEATURE_RESERVE_BUTTON__', true);
}
beforeAll(stubSwitches);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stubSwitches();
});
afterAll(() => vi.unstubAllGlobals());

const NOW = 1_750_000_000;

/** The fixture group with a second, non-primary yard of Test Toyota in Albion. */
function twoYards(labels: Record<string, string> = {}) {
  const base = tenantFixture();
  const newstead = base.dealer.locations[0]!;
  const albion = {
    ...newstead,
    slug: 'test-toyota-albion',
    name: 'Test Toyota Albion',
    primary: false,
    address: { ...newstead.address, street: '9 Sandgate Road', suburb: 'Albion', postcode: '4010', lat: -27.43, long: 153.05 },
  };
  return tenantFixture({ dealer: { ...base.dealer, locations: [newstead, albion] }, labels } as never);
}

/** A car standing at the Albion yard. */
function carAtAlbion() {
  const base = carFixture();
  return carFixture({ location: { ...base.location, id: 2, slug: 'test-toyota-albion', name: 'Test Toyota Albion', city: 'Albion' } });
}

/** The page's slots: the real phone bar, an enquiry form on the page, nothing else. */
async function slotsWithBar(): Promise<VehicleSlots> {
  const { default: MobileCtaBar } = await import('../mobile-cta-bar/index.tsx');
  const parts: Record<string, unknown> = { MobileCtaBar, EnquiryForm: () => null, Sections: () => null };
  return new Proxy({}, { get: (_target, name) => parts[String(name)] ?? null }) as unknown as VehicleSlots;
}

async function renderPage(car: ReturnType<typeof carFixture>, tenant: ReturnType<typeof tenantFixture>) {
  const { VehiclePage } = await import('./vehicle-page.tsx');
  renderWithApp(<VehiclePage car={car} nowSeconds={NOW} slots={await slotsWithBar()} />, { tenant });
  await screen.findByRole('heading', { level: 1 });
}

describe("the announcement bar 'Located at {city}' (spec §2)", () => {
  test('a car at a non-primary location says where it is, with directions to that yard', async () => {
    await renderPage(carAtAlbion(), twoYards());
    const bar = screen.getByTestId('located-at');
    expect(bar.textContent).toContain('Located at Albion');
    expect(within(bar).getByRole('link', { name: /^Get Directions/ }).getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&destination=-27.43,153.05');
  });

  test('a car at the primary location has no such bar', async () => {
    await renderPage(carFixture(), twoYards());
    expect(screen.queryByTestId('located-at')).toBeNull();
  });
});

describe('the sticky bottom bar on phones (spec §2: Reserve Car Now, Enquire Now or Instant Message, Call Now)', () => {
  test('a reservable car: Reserve Car Now to its reserve page, Enquire Now to the form, Call Now to the number, in that order', async () => {
    const car = carFixture({ location: { ...carFixture().location, phone: '07 5550 1100' } });
    await renderPage(car, twoYards());
    const bar = await screen.findByRole('navigation', { name: 'Quick actions' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Reserve Car Now', 'Enquire Now', 'Call Now']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/cars/${car.slug}/checkout`, '#enquiry-form', 'tel:0755501100']);
  });

  test("a dealer that messages reads 'Instant Message'; a reserved car has no Reserve Car Now", async () => {
    await renderPage(carFixture({ reserved: true }), twoYards({ mobileEnquireButton: 'Instant Message' }));
    const bar = await screen.findByRole('navigation', { name: 'Quick actions' });
    expect(within(bar).getAllByRole('link').map((link) => link.textContent)).toEqual(['Instant Message', 'Call Now']);
  });
});
