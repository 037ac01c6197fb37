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
