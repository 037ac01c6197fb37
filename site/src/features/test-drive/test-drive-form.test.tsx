import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { featureFlagDefines } from '../../../../schema/resolve.ts';
import { carFixture } from '../../test/car-fixture.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';

// The build compiles each tenant's switches in as constants; here they are the fixture tenant's.
// The free appointment slots are asked for after hydration: this page has none.
beforeAll(() => {
  for (const [name, value] of Object.entries(featureFlagDefines(tenantFixture()))) vi.stubGlobal(name, JSON.parse(value));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const [name, value] of Object.entries(featureFlagDefines(tenantFixture()))) vi.stubGlobal(name, JSON.parse(value));
});
afterAll(() => vi.unstubAllGlobals());

function stubNoSlots() {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ days: [] }), { status: 200, headers: { 'content-type': 'application/json' } })));
}

const OPT_IN = /^Keep me up to date with news and offers from /;

/** The form, imported when a test runs (after the switches above are set). */
async function testDriveForm() {
  return (await import('./index.tsx')).default;
}

describe('test-drive form: the marketing opt-in follows the dealer setting, as on every other form', () => {
  test('unticked unless the dealer chose otherwise (Australian spam law: the shopper opts in)', async () => {
    stubNoSlots();
    const TestDriveForm = await testDriveForm();
    renderWithApp(<TestDriveForm car={carFixture()} />, { tenant: tenantFixture() });
    const box = (await screen.findByRole('checkbox', { name: OPT_IN })) as HTMLInputElement;
    expect(box.checked).toBe(false);
  });

  test('ticked at the start where the dealer set forms.marketingOptInTicked', async () => {
    stubNoSlots();
    const TestDriveForm = await testDriveForm();
    renderWithApp(<TestDriveForm car={carFixture()} />, { tenant: tenantFixture({ forms: { marketingOptInTicked: true } } as never) });
    const box = (await screen.findByRole('checkbox', { name: OPT_IN })) as HTMLInputElement;
    expect(box.checked).toBe(true);
  });
});

describe('test-drive form: the distribution-location field (spec §5)', () => {
  test("offers the car's location's distribution locations, the dealership itself first", async () => {
    stubNoSlots();
    const TestDriveForm = await testDriveForm();
    const base = carFixture();
    const car = carFixture({
      location: {
        ...base.location,
        distribution_locations: [
          { id: 41, name: 'Redcliffe Display Centre' },
          { id: 42, name: 'Caboolture Showroom' },
        ],
      },
    });
    renderWithApp(<TestDriveForm car={car} />, { tenant: tenantFixture() });
    const select = await screen.findByRole('combobox', { name: /^Where would you like to test drive\?/ });
    expect(within(select).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'At the dealership'],
      ['41', 'Redcliffe Display Centre'],
      ['42', 'Caboolture Showroom'],
    ]);
  });

  test('is not asked where the car’s location has none', async () => {
    stubNoSlots();
    const TestDriveForm = await testDriveForm();
    renderWithApp(<TestDriveForm car={carFixture()} />, { tenant: tenantFixture() });
    await screen.findByRole('checkbox', { name: OPT_IN });
    expect(screen.queryByRole('combobox', { name: /^Where would you like to test drive\?/ })).toBeNull();
  });
});

// The free times arrive after the form is on screen. If the line saying they are being checked
// went away when they arrived, everything under it (the comments, the opt-in, the submit button)
// would jump up by a line while a shopper may be pressing it: the press and its release then land
// on different elements, and the click is lost.
test('the status line under the preferred date and time stays when the free times arrive; only its words change', async () => {
  let answer!: (response: Response) => void;
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
  const TestDriveForm = await testDriveForm();
  renderWithApp(<TestDriveForm car={carFixture()} />, { tenant: tenantFixture() });
  const line = await screen.findByText('Checking the times we have free…');
  expect(line.getAttribute('role')).toBe('status');
  expect(line.getAttribute('aria-busy')).toBe('true');
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  answer(new Response(JSON.stringify({ location_id: 1, days: [{ date: '2026-12-01', slots: ['09:30', '14:00'] }] }), { status: 200, headers: { 'content-type': 'application/json' } }));
  await screen.findByRole('option', { name: 'Tue 1 Dec' });
  expect(line.isConnected).toBe(true);
  expect(line.textContent).toBe('Pick a day, then one of its free times.');
  expect(line.getAttribute('aria-busy')).toBe('false');
});
