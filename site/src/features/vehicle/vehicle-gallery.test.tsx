import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { carFixture } from '../../test/car-fixture.ts';
import { VehicleGallery } from './vehicle-gallery.tsx';

// Spec §9: carousel images are 1920 by 1080. The gallery's fullscreen view shows each photo at
// that size, asked of the image service at 1920 wide.

afterEach(cleanup);

describe('the vehicle gallery fullscreen', () => {
  it('shows the photo 1920 by 1080, asked for 1920 wide', async () => {
    const car = carFixture();
    renderWithApp(<VehicleGallery car={car} title="2021 Toyota Corolla" />, { tenant: tenantFixture() });
    fireEvent.click(await screen.findByRole('button', { name: 'Fullscreen' }));
    const dialog = await screen.findByRole('dialog');
    const photo = within(dialog).getByRole('img', { name: '2021 Toyota Corolla, view 1' });
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['1920', '1080']);
    const asked = new URL(photo.getAttribute('src')!, 'https://site.example');
    expect(asked.pathname.endsWith('/42/1.jpg')).toBe(true);
    expect(asked.searchParams.get('w')).toBe('1920');
  });
});

describe('a car without photos', () => {
  it('says photos are coming while the car is for sale, and that there are none once it is sold', async () => {
    renderWithApp(<VehicleGallery car={{ ...carFixture(), images: [] }} title="2021 Toyota Corolla" />, { tenant: tenantFixture() });
    expect((await screen.findByText('Photos coming soon')).hasAttribute('data-vehicle-gallery')).toBe(true);
    cleanup();
    renderWithApp(<VehicleGallery car={{ ...carFixture(), images: [], status: 'sold', sold: true }} title="2021 Toyota Corolla" />, { tenant: tenantFixture() });
    expect((await screen.findByText('No photos')).hasAttribute('data-vehicle-gallery')).toBe(true);
    expect(screen.queryByText('Photos coming soon')).toBeNull();
  });
});
