import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { featureFlagDefines } from '../../../../schema/resolve.ts';
import { carFixture } from '../../test/car-fixture.ts';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import type { VehicleSlots } from './slots.ts';
// jsdom has no IntersectionObserver (similar cars and blogs load when near).

// Spec §4: "Collapsible sections open/close and may persist state", per the tenant's
// features.collapsibleSections (off, on, remembered).

/** Whether a text is shown: not inside an element hidden with the `hidden` attribute. */
const shown = (text: string) => screen.getByText(text).closest('[hidden]') === null;

const noSlots = new Proxy({}, { get: () => null }) as unknown as VehicleSlots;

/** Renders the sections with the switch compiled in as the build would (the module is loaded afresh for each value). */
async function renderSections(mode: 'off' | 'on' | 'remembered') {
  const tenant = tenantFixture({ features: { collapsibleSections: mode } } as never);
  for (const [name, value] of Object.entries(featureFlagDefines(tenant))) vi.stubGlobal(name, JSON.parse(value));
  // Loaded afresh with the page's modules, so the tenant context is the one the page reads.
  const [{ default: VehicleSections }, { renderWithApp }] = await Promise.all([import('./vehicle-sections.tsx'), import('../../test/render.tsx')]);
  renderWithApp(<VehicleSections car={carFixture({ standardEquipment: ['Reversing camera', 'Cruise control'] })} nowSeconds={1_750_000_000} slots={noSlots} />, { tenant });
  await screen.findByRole('heading', { name: 'Key information' });
  return tenant;
}

beforeEach(() => {
  vi.resetModules();
  window.localStorage.clear();
  window.location.hash = '';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('vehicle page sections open and close (spec §4)', () => {
  test('on: each heading is a button that closes and reopens its section; all start open', async () => {
    await renderSections('on');
    const toggle = screen.getByRole('button', { name: 'Features' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(shown('Reversing camera')).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(shown('Reversing camera')).toBe(false);
    // The heading keeps its name and level for screen readers' heading lists.
    expect(screen.getByRole('heading', { level: 2, name: 'Features' })).toBeTruthy();
    // Another section is untouched.
    expect(screen.getByRole('button', { name: 'Key information' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(shown('Reversing camera')).toBe(true);
    // Not remembered: nothing is written to the device, and the next page starts open.
    expect(window.localStorage.length).toBe(0);
  });

  test('remembered: a section the shopper closed is still closed on the next car page', async () => {
    const tenant = await renderSections('remembered');
    fireEvent.click(screen.getByRole('button', { name: 'Features' }));
    expect(JSON.parse(window.localStorage.getItem(`forecourt:${tenant.slug}:closed-sections`) ?? 'null')).toEqual(['features']);
    cleanup();
    vi.resetModules();
    await renderSections('remembered');
    const toggle = await screen.findByRole('button', { name: 'Features' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(shown('Reversing camera')).toBe(false);
    fireEvent.click(toggle);
    expect(JSON.parse(window.localStorage.getItem(`forecourt:${tenant.slug}:closed-sections`) ?? 'null')).toEqual([]);
  });

  test("remembered: a link to a closed section's anchor opens it", async () => {
    window.localStorage.setItem(`forecourt:${tenantFixture().slug}:closed-sections`, JSON.stringify(['key-information']));
    window.location.hash = '#key-information';
    await renderSections('remembered');
    expect(screen.getByRole('button', { name: 'Key information' }).getAttribute('aria-expanded')).toBe('true');
  });

  test('off: sections are plain headings with no button', async () => {
    await renderSections('off');
    expect(screen.getByRole('heading', { level: 2, name: 'Features' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Features' })).toBeNull();
    expect(shown('Reversing camera')).toBe(true);
  });
});
