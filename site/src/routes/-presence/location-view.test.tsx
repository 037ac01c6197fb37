import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';

vi.hoisted(() => {
  Object.assign(globalThis, { __FEATURE_LOCATION_REVIEWS__: false, __FEATURE_BOOK_SERVICE_ON_LOCATIONS__: false, __FEATURE_BY_APPOINTMENT_ONLY_WEEKENDS__: false, __FEATURE_LICENCE_DETAILS__: false });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { Location } from '../../../../schema/api/location.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { TenantProvider } from '../../lib/tenant-context.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { LocationsView } from './location-view.tsx';

// Spec §9: distance options 25, 50, 75, 100, 150, 250, 500, 750 and 1000 km, default radius
// 50 km. Once a shopper gives a place, the location grid shows only the locations within the
// chosen distance.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function location(id: number, name: string, city: string, lat: number, long: number): Location {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id,
    name,
    slug,
    visible: true,
    primary: id === 1,
    location_type: 'sales',
    location_subtype: null,
    manufacturers: [],
    dealership_id: 1,
    dealership_slug: 'test-motors',
    website_id: 1,
    website_name: 'Test Motors',
    website_url: 'https://www.test-motors.example.com.au',
    dealership: { id: 1, slug: 'test-motors' },
    address: { street: '1 Test Street', city, state: 'QLD', postcode: '4000', lat, long, text: `1 Test Street, ${city}`, place_id: null, place_url: null, map_key: null },
    contact_detail: { phone: null, landline_phone: null, opening_hours: [] },
    special_hours: [],
    image: null,
    reviews: { average_rating: 0, count: 0 },
    average_rating: null,
    review_count: null,
    dealer_license_number: null,
    motor_vehicle_repairer: null,
    distribution_locations: [],
  };
}

// Newstead is about 1 km from the postcode's point, Toowoomba about 105 km, Sydney about 730 km.
const LOCATIONS = [location(1, 'Newstead Yard', 'Newstead', -27.4445, 153.0445), location(2, 'Toowoomba Yard', 'Toowoomba', -27.5606, 151.9539), location(3, 'Sydney Yard', 'Sydney', -33.8688, 151.2093)];

function renderView(locations = LOCATIONS, tenant = tenantFixture()) {
  const rootRoute = createRootRoute({ loader: () => ({ locations }), component: LocationsView });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <TenantProvider tenant={tenant}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TenantProvider>,
  );
}

const shownNames = () => LOCATIONS.map((l) => l.name).filter((name) => screen.queryAllByRole('heading', { name }).length > 0);

describe('the location grid’s distance options', () => {
  it('offer the spec’s distances from 50 km, and narrow the grid to the chosen one around the place given', async () => {
    vi.stubGlobal('fetch', async (path: string) =>
      path.startsWith('/api/postcodes/4006')
        ? new Response(JSON.stringify({ status: 'OK', results: [{ postcode: '4006', locality: 'Fortitude Valley', state: 'QLD', geometry: { location: { lat: -27.4536, lng: 153.0351 } } }] }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ predictions: [] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    renderView();
    const distance = (await screen.findByRole('combobox', { name: 'Show locations within' })) as HTMLSelectElement;
    expect(within(distance).getAllByRole('option').map((o) => o.textContent)).toEqual(['25 km', '50 km', '75 km', '100 km', '150 km', '250 km', '500 km', '750 km', '1,000 km']);
    expect(distance.value).toBe('50');
    expect(shownNames()).toEqual(['Newstead Yard', 'Toowoomba Yard', 'Sydney Yard']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Find a dealership near you' }), { target: { value: '4006' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Find a dealership' }));
    await vi.waitFor(() => expect(shownNames()).toEqual(['Newstead Yard']), { timeout: 5_000 });
    for (const [km, names] of [['100', ['Newstead Yard']], ['150', ['Newstead Yard', 'Toowoomba Yard']], ['500', ['Newstead Yard', 'Toowoomba Yard']], ['750', ['Newstead Yard', 'Toowoomba Yard', 'Sydney Yard']]] as const) {
      fireEvent.change(distance, { target: { value: km } });
      expect(shownNames()).toEqual(names);
    }
  });
});

describe('the location grid’s heading and introduction', () => {
  // The Newstead showroom's workshop, 60 m up the road: the same place.
  const workshop: Location = { ...location(4, 'Newstead Service', 'Newstead', -27.4441, 153.045), location_type: 'service-and-parts' };

  it("count places: '{count} Big Locations' with a workshop 60 m from the Newstead showroom reads 3, over four cards", async () => {
    const base = tenantFixture();
    renderView([...LOCATIONS, workshop], { ...base, labels: { ...base.labels, locationsHeading: '{count} Big Locations' } });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('3 Big Locations');
    expect(screen.getAllByText(/^Visit Test Motor Group at any of our 3 locations:/)).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('a heading without {count} reads as written; one place reads “our location”', async () => {
    renderView([LOCATIONS[0]!, workshop]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Find Us Here');
    expect(screen.getAllByText(/^Visit Test Motor Group at our location:/)).toHaveLength(1);
  });
});
