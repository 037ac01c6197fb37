import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { featureFlagDefines } from '../../../../schema/resolve.ts';
import { carFixture } from '../../test/car-fixture.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import type { VehicleSlots } from './slots.ts';

// The build compiles each tenant's switches in as constants; here they are the fixture tenant's.
beforeAll(() => {
  for (const [name, value] of Object.entries(featureFlagDefines(tenantFixture()))) vi.stubGlobal(name, JSON.parse(value));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
      unobserve() {}
    },
  );
});
afterEach(() => cleanup());

const noSlots = new Proxy({}, { get: () => null }) as unknown as VehicleSlots;

async function renderSections(protectYourCar: string[]) {
  const { default: VehicleSections } = await import('./vehicle-sections.tsx');
  const tenant = tenantFixture({ content: { protectYourCar } } as never);
  renderWithApp(<VehicleSections car={carFixture()} nowSeconds={1_750_000_000} slots={noSlots} />, { tenant });
  await screen.findByRole('heading', { name: 'Key information' });
}

describe('vehicle page sections (spec §2)', () => {
  test("'Protect Your Car' lists the dealer's protection, in order", async () => {
    await renderSections(['Extended warranty cover up to 5 years', 'Paint and interior protection']);
    const heading = screen.getByRole('heading', { name: 'Protect Your Car' });
    const section = heading.closest('section') ?? heading.parentElement!;
    expect(within(section as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Extended warranty cover up to 5 years', 'Paint and interior protection']);
  });

  test('a dealer without protection products has no such section', async () => {
    await renderSections([]);
    expect(screen.queryByRole('heading', { name: 'Protect Your Car' })).toBeNull();
  });
});

describe('vehicle page without a phone number (spec §8)', () => {
  test('warns in the console, once, naming the car; a car with a number does not', async () => {
    const { VehiclePage } = await import('./vehicle-page.tsx');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tenant = tenantFixture();
    const base = carFixture();
    const noPhone = carFixture({ location: { ...base.location, slug: 'nowhere-known', phone: null } });
    // The page's lower sections are their own part (tested above); here only the top of the page.
    const topOnly = new Proxy({}, { get: (_target, name) => (name === 'Sections' ? () => null : null) }) as unknown as VehicleSlots;
    renderWithApp(<VehiclePage car={noPhone} nowSeconds={1_750_000_000} slots={topOnly} />, { tenant });
    await screen.findByRole('heading', { level: 1 });
    const warnings = warn.mock.calls.filter(([text]) => String(text).startsWith('No phone number'));
    expect(warnings).toEqual([[`No phone number for car ${noPhone.id} at ${noPhone.location.name}: the page shows no number to call.`]]);
    cleanup();
    warn.mockClear();
    renderWithApp(<VehiclePage car={carFixture({ location: { ...base.location, phone: '07 5550 1100' } })} nowSeconds={1_750_000_000} slots={topOnly} />, { tenant });
    await screen.findByRole('heading', { level: 1 });
    expect(warn.mock.calls.filter(([text]) => String(text).startsWith('No phone number'))).toEqual([]);
    warn.mockRestore();
  });
});

describe('Car Summary (spec §2)', () => {
  test("recaps the car: title, the page's price with its type, kilometres, transmission, fuel, stock number and location", async () => {
    await renderSections([]);
    const heading = screen.getByRole('heading', { name: 'Car Summary' });
    const section = (heading.closest('section') ?? heading.parentElement!) as HTMLElement;
    const rows = [...section.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
    // The fixture: a 2021 Toyota Corolla Ascent Sport, $27,990 Drive Away, 38,500 km, automatic, petrol, stock U1042.
    expect(rows[0]?.[0]).toBe('Car');
    expect(rows[0]?.[1]).toContain('2021 Toyota Corolla');
    expect(rows.slice(1)).toEqual([
      ['Price', '$27,990 Drive Away'],
      ['Kilometres', '38,500 km'],
      ['Transmission', 'Automatic'],
      ['Fuel', 'Petrol'],
      ['Stock number', 'U1042'],
      ['Location', 'Test Toyota Newstead'],
    ]);
  });
});
