import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

vi.hoisted(() => {
  Object.assign(globalThis, { __FEATURE_GROUP_SITE_LINKS__: false, __FEATURE_EMERGENCY_BANNER__: false, __FEATURE_ANNOUNCEMENT_BAR__: false });
});

import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { SiteHeader } from './site-header.tsx';

afterEach(cleanup);

describe('SiteHeader — dealer-group variant', () => {
  it('opens a brand mega-menu listing every make, by keyboard', async () => {
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />, { tenant: tenantFixture() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const trigger = within(nav).getByRole('button', { name: 'Our Brands' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    trigger.focus();
    await user.keyboard('{Enter}');

    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const brandLinks = within(nav).getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/search/'));
    expect(brandLinks.map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/search/mazda', '/search/mercedes-benz', '/search/toyota']),
    );
  });

  it('shows the site name, the primary location phone and a search link', async () => {
    renderWithApp(<SiteHeader />, { tenant: tenantFixture() });
    expect((await screen.findByRole('link', { name: 'Test Motor Group home' })).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Call 07 5550 1100' }).getAttribute('href')).toBe('tel:0755501100');
    expect(screen.getByRole('link', { name: /Search/ }).getAttribute('href')).toBe('/search/new-used-and-demo-cars/');
  });
});

describe('SiteHeader — brand-style variant', () => {
  it('has Home, Models, Stock, Finance, Service & Parts and Company', async () => {
    renderWithApp(<SiteHeader />, { tenant: tenantFixture({ navigation: { headerVariant: 'brand-style' } }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Models' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Stock' }).getAttribute('href')).toBe('/search/new-used-and-demo-cars/');
    expect(within(nav).getByRole('link', { name: 'Finance' }).getAttribute('href')).toBe('/finance');
    expect(within(nav).getByRole('button', { name: 'Service & Parts' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Company' })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'Our Brands' })).toBeNull();
  });

  it('lists Servicing and Parts and Accessories under Service & Parts', async () => {
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />, { tenant: tenantFixture({ navigation: { headerVariant: 'brand-style' } }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('button', { name: 'Service & Parts' }));

    expect(within(nav).getByRole('link', { name: 'Servicing' }).getAttribute('href')).toBe('/service');
    expect(within(nav).getByRole('link', { name: 'Parts and Accessories' }).getAttribute('href')).toBe('/vehicle-parts-and-accessories');
  });

  it('offers the same menu in a labelled mobile dialog', async () => {
    // The menu's code loads with the first tap (lazy); here its first load also compiles it, which
    // took over a second on a busy CI machine: compile it before the test waits for the dialog.
    await import('./mobile-menu.tsx');
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />, { tenant: tenantFixture({ navigation: { headerVariant: 'brand-style' } }) });

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('button', { name: 'Company' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toBeTruthy();
  });
});
