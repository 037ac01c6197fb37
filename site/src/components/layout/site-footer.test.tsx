import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';

vi.hoisted(() => {
  Object.assign(globalThis, { __FEATURE_GROUP_SITE_LINKS__: false, __FEATURE_PAYMENT_LOGOS__: false });
});

import { infoPageGate } from '../../lib/info-pages.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { SiteFooter } from './site-footer.tsx';

afterEach(cleanup);

const page = (title: string) => ({ title, paragraphs: [`${title} text.`] });
const withAllPages = () =>
  tenantFixture({
    content: {
      pages: {
        terms: page('Terms'),
        privacy: page('Privacy'),
        warranty: page('Warranty'),
        buying: page('Buying'),
        owners: page('Owners Benefits'),
        cappedPriceService: page('Capped Price Servicing'),
        roadsideAssistance: page('Roadside Assistance'),
        aboutUs: page('About Us'),
      },
    },
  });

describe('SiteFooter', () => {
  it('carries the dealer licence (and the repairer licence where held) on every page, as the law asks of dealer advertising', async () => {
    const tenant = tenantFixture();
    tenant.dealer.dealerships = [{ ...tenant.dealer.dealerships[0]!, dealerLicenceNumber: 'MD 40123', motorVehicleRepairer: 'MVR 48213' }];
    renderWithApp(<SiteFooter />, { tenant });
    expect(await screen.findByText('Motor dealer licence MD 40123 · Motor vehicle repairer licence MVR 48213')).toBeTruthy();
  });

  it('shows the spec §2 groups: Models, Buyer Tools, Service & Parts and the dealer group links', async () => {
    renderWithApp(<SiteFooter />, { tenant: withAllPages() });

    const buyerTools = await screen.findByRole('navigation', { name: 'Buyer Tools' });
    expect(within(buyerTools).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Our Stock',
      'Finance',
      'Trade In',
      'Test Drive',
      'Owners Benefits',
      // The gated features the test tenant has (spec §2 /spin-to-win, /online-payment).
      'Spin to Win',
      'Online Payment',
    ]);
    expect(within(buyerTools).getByRole('link', { name: 'Spin to Win' }).getAttribute('href')).toBe('/spin-to-win');
    expect(within(buyerTools).getByRole('link', { name: 'Online Payment' }).getAttribute('href')).toBe('/online-payment');
    const group = screen.getByRole('navigation', { name: 'Test Motor Group' });
    expect(within(group).getAllByRole('link').map((l) => l.textContent)).toEqual(['About', 'News', 'Contact', 'Terms', 'Privacy']);
    expect(within(group).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy-policy');
    const models = screen.getByRole('navigation', { name: 'Models' });
    expect(within(models).getByRole('link', { name: 'Mercedes-Benz' }).getAttribute('href')).toBe('/search/mercedes-benz');
    expect(screen.getByRole('navigation', { name: 'Service & Parts' })).toBeTruthy();
  });

  it('leaves out links to information pages the tenant has no copy for', async () => {
    const tenant = tenantFixture({ content: { pages: { owners: { title: 'Owners Benefits', paragraphs: ['Free loan cars.'] } } } });
    renderWithApp(<SiteFooter />, { tenant, pages: ['$', { path: '/pages/owners', ...infoPageGate('owners') }, { path: '/pages/warranty', ...infoPageGate('warranty') }] });

    const service = await screen.findByRole('navigation', { name: 'Service & Parts' });
    expect(within(service).queryByRole('link', { name: 'Warranty' })).toBeNull();
    const buyerTools = screen.getByRole('navigation', { name: 'Buyer Tools' });
    expect(within(buyerTools).getByRole('link', { name: 'Owners Benefits' }).getAttribute('href')).toBe('/pages/owners');
  });

  it('leaves out links to pages the site does not have, configured or standard, and groups left empty', async () => {
    const tenant = tenantFixture({
      navigation: {
        footerGroups: [
          { title: 'Help', links: [{ label: 'Contact Us', href: '/contact-us' }, { label: 'News', href: '/news' }] },
          { title: 'Later', links: [{ label: 'Blog', href: '/blog' }] },
        ],
      },
    });
    renderWithApp(<SiteFooter />, { tenant, pages: ['/', '/contact-us'] });

    const help = await screen.findByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'Contact Us' })).toBeTruthy();
    expect(within(help).queryByRole('link', { name: 'News' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Later' })).toBeNull();
  });

  it('uses the footer groups of the config when given', async () => {
    const tenant = tenantFixture({
      navigation: { footerGroups: [{ title: 'Help', links: [{ label: 'Contact Us', href: '/contact-us' }] }] },
    });
    renderWithApp(<SiteFooter />, { tenant });

    const help = await screen.findByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    // Only the gated features join them, so shoppers can still reach those pages.
    const tools = screen.getByRole('navigation', { name: 'Buyer Tools' });
    expect(within(tools).getAllByRole('link').map((l) => l.textContent)).toEqual(['Spin to Win', 'Online Payment']);
  });

  it('lists visible locations with a phone link and the legal line', async () => {
    renderWithApp(<SiteFooter />, { tenant: tenantFixture() });

    const locations = await screen.findByRole('list', { name: 'Our locations' });
    expect(within(locations).getByText('Test Toyota Newstead')).toBeTruthy();
    expect(within(locations).getByRole('link', { name: '07 5550 1100' }).getAttribute('href')).toBe('tel:0755501100');
    expect(screen.getByText(/© \d{4} Test Motor Group\. All rights reserved\./)).toBeTruthy();
  });
});
