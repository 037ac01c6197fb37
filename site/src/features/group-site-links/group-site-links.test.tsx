import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import GroupSiteLinks from './index.tsx';

afterEach(cleanup);

const links = [
  { label: 'Harbourside Cars', href: '/twg-cars' },
  { label: 'Harbourside Rentals', href: 'https://rentals.example.com.au/' },
  { label: 'Finance & Insurance', href: '/finance-and-insurance' },
];

describe('GroupSiteLinks', () => {
  it("lists the group's sites that lead somewhere: other sites, and this site's pages", async () => {
    renderWithApp(<GroupSiteLinks placement="home" />, { tenant: tenantFixture({ routes: { groupSiteLinks: links } }), pages: ['/', '/finance-and-insurance'] });
    const section = await screen.findByRole('region', { name: /More from/ });
    expect(within(section).getAllByRole('link').map((link) => link.textContent)).toEqual(['Harbourside Rentals', 'Finance & Insurance']);
  });

  it("shows a path the server sends on to the group site's address, as a plain link to that path, in the header, footer and home page", async () => {
    const withAddress = [
      { label: 'Harbourside Cars', href: '/twg-cars', address: 'https://cars.group.example/' },
      { label: 'Harbourside Tyres', href: '/twg-tyres' },
    ];
    renderWithApp(
      <>
        <GroupSiteLinks placement="top-bar" />
        <GroupSiteLinks placement="home" />
        <GroupSiteLinks placement="footer" />
      </>,
      { tenant: tenantFixture({ routes: { groupSiteLinks: withAddress } }), pages: ['/'] },
    );
    const home = await screen.findByRole('region', { name: /More from/ });
    const navs = screen.getAllByRole('navigation', { name: 'Group sites' });
    expect(navs).toHaveLength(2);
    for (const place of [home, ...navs]) {
      const shown = within(place).getAllByRole('link');
      expect(shown.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Harbourside Cars', '/twg-cars']]);
    }
  });

  it('renders nothing, not an empty heading, when none of them leads anywhere', async () => {
    renderWithApp(
      <>
        <p>Home</p>
        <GroupSiteLinks placement="home" />
        <GroupSiteLinks placement="footer" />
      </>,
      { tenant: tenantFixture({ routes: { groupSiteLinks: [links[0]!] } }), pages: ['/'] },
    );
    await screen.findByText('Home');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Group sites' })).toBeNull();
  });
});
