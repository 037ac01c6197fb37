import { describe, expect, it } from 'vitest';
import { footerGroups, footerOfPages, headerMenu, menuOfPages, toSlug, uniqueMakes, type NavigationInput } from './navigation.ts';

const input: NavigationInput = {
  name: 'Sunshine Motor Group',
  headerVariant: 'dealer-group',
  makes: ['Kia', 'Mercedes-Benz', 'Toyota'],
  defaultSearchPath: '/search/new-used-and-demo-cars/',
  financePath: '/finance',
};

describe('toSlug and uniqueMakes', () => {
  it('slugs makes for /search/{make}', () => {
    expect(toSlug('Mercedes-Benz')).toBe('mercedes-benz');
    expect(toSlug('Great Wall')).toBe('great-wall');
    expect(toSlug('Škoda')).toBe('skoda');
  });

  it('merges makes across dealerships without duplicates, sorted', () => {
    expect(uniqueMakes([{ makes: ['Toyota', 'Kia'] }, { makes: ['kia', 'Hyundai'] }])).toEqual(['Hyundai', 'Kia', 'Toyota']);
  });
});

describe('headerMenu', () => {
  it('gives the brand-style menu of spec §2', () => {
    const menu = headerMenu({ ...input, headerVariant: 'brand-style' });
    expect(menu.map((e) => e.label)).toEqual(['Home', 'Models', 'Stock', 'Finance', 'Service & Parts', 'Company']);
    expect(menu[4]).toEqual({
      kind: 'dropdown',
      label: 'Service & Parts',
      links: [
        { label: 'Servicing', href: '/service' },
        { label: 'Parts and Accessories', href: '/vehicle-parts-and-accessories' },
      ],
    });
    expect(menu[5]).toMatchObject({ links: [{ label: 'About Us' }, { label: 'News' }, { label: 'Contact Us' }] });
  });

  it('starts the dealer-group menu with the brand mega-menu', () => {
    const [brands] = headerMenu(input);
    expect(brands).toEqual({
      kind: 'brands',
      label: 'Our Brands',
      brands: [
        { make: 'Kia', slug: 'kia', href: '/search/kia', logo: '/images/brands/kia.svg' },
        { make: 'Mercedes-Benz', slug: 'mercedes-benz', href: '/search/mercedes-benz', logo: '/images/brands/mercedes-benz.svg' },
        { make: 'Toyota', slug: 'toyota', href: '/search/toyota', logo: '/images/brands/toyota.svg' },
      ],
      directoryHref: '/brands',
    });
  });

  it('sends Servicing to the external booking page when configured', () => {
    const menu = headerMenu({ ...input, headerVariant: 'brand-style', serviceBookingUrl: 'https://book.example.com.au' });
    expect(menu[4]).toMatchObject({ links: [{ href: 'https://book.example.com.au' }, {}] });
  });

  it('uses configured header links instead, and names an entry with neither href nor children', () => {
    expect(headerMenu({ ...input, headerLinks: [{ label: 'Stock', href: '/search/used-cars' }] })).toEqual([
      { kind: 'link', label: 'Stock', href: '/search/used-cars' },
    ]);
    expect(() => headerMenu({ ...input, headerLinks: [{ label: 'Broken' }] })).toThrow('navigation.headerLinks[0]');
  });
});

describe('footerGroups', () => {
  it('gives the spec §2 footer groups by default', () => {
    const groups = footerGroups(input);
    expect(groups.map((g) => g.title)).toEqual(['Models', 'Buyer Tools', 'Service & Parts', 'Sunshine Motor Group']);
    // Spec §2's Buyer Tools, then the gated features (dropped where the site lacks the page).
    expect(groups[1]?.links.map((l) => l.label)).toEqual(['Our Stock', 'Finance', 'Trade In', 'Test Drive', 'Owners Benefits', 'Spin to Win', 'Online Payment']);
    expect(groups[1]?.links.slice(-2).map((l) => l.href)).toEqual(['/spin-to-win', '/online-payment']);
    expect(groups[3]?.links.map((l) => l.label)).toEqual(['About', 'News', 'Contact', 'Terms', 'Privacy']);
  });

  it('caps the Models group at 12 makes, then links All makes', () => {
    const makes = Array.from({ length: 14 }, (_, i) => `Make ${String.fromCharCode(65 + i)}`);
    const [models] = footerGroups({ ...input, makes });
    expect(models?.links).toHaveLength(13);
    expect(models?.links.at(-1)).toEqual({ label: 'All makes', href: '/search/new-used-and-demo-cars/' });
  });

  it('uses configured groups when present, with the gated features in a Buyer Tools group', () => {
    const custom = [{ title: 'Help', links: [{ label: 'Contact', href: '/contact' }] }];
    expect(footerGroups({ ...input, footerGroups: custom })).toEqual([
      ...custom,
      { title: 'Buyer Tools', links: [{ label: 'Spin to Win', href: '/spin-to-win' }, { label: 'Online Payment', href: '/online-payment' }] },
    ]);
    const tools = [{ title: 'Buyer Tools', links: [{ label: 'Win a prize', href: '/spin-to-win' }] }];
    expect(footerGroups({ ...input, footerGroups: tools })).toEqual([{ title: 'Buyer Tools', links: [{ label: 'Win a prize', href: '/spin-to-win' }, { label: 'Online Payment', href: '/online-payment' }] }]);
  });
  it('drops the gated features where the site has no such page', () => {
    const groups = footerOfPages(footerGroups({ ...input, footerGroups: [{ title: 'Help', links: [{ label: 'Contact', href: '/contact' }] }] }), (href) => href !== '/online-payment' && href !== '/spin-to-win');
    expect(groups.map((g) => g.title)).toEqual(['Help']);
  });
});

describe('menus of real pages only', () => {
  const pages = new Set(['/', '/search/new-used-and-demo-cars/', '/search/toyota', '/contact-us', '/about-us']);
  const leadsToPage = (href: string) => href.startsWith('https://') || pages.has(href.split(/[?#]/)[0]!);

  it('drops header links to pages the tenant lacks, and dropdowns left empty', () => {
    const entries = menuOfPages(
      [
        { kind: 'link', label: 'Home', href: '/' },
        { kind: 'link', label: 'News', href: '/news' },
        { kind: 'dropdown', label: 'Company', links: [{ label: 'About Us', href: '/about-us' }, { label: 'Careers', href: '/careers' }] },
        { kind: 'dropdown', label: 'Models', links: [{ label: 'Sportage', href: '/models/sportage' }] },
        { kind: 'brands', label: 'Brands', brands: [{ make: 'Toyota', slug: 'toyota', href: '/search/toyota', logo: '/images/brands/toyota.svg' }, { make: 'Kia', slug: 'kia', href: '/kia', logo: '/images/brands/kia.svg' }], directoryHref: '/brands' },
        { kind: 'link', label: 'Group site', href: 'https://www.example.com.au/' },
      ],
      leadsToPage,
    );
    expect(entries).toEqual([
      { kind: 'link', label: 'Home', href: '/' },
      { kind: 'dropdown', label: 'Company', links: [{ label: 'About Us', href: '/about-us' }] },
      // The brand directory link goes too when the tenant has no directory.
      { kind: 'brands', label: 'Brands', brands: [{ make: 'Toyota', slug: 'toyota', href: '/search/toyota', logo: '/images/brands/toyota.svg' }] },
      { kind: 'link', label: 'Group site', href: 'https://www.example.com.au/' },
    ]);
  });

  it('keeps the brand directory link of the mega-menu where the tenant has the directory', () => {
    const [entry] = menuOfPages([{ kind: 'brands', label: 'Our Brands', brands: [{ make: 'Toyota', slug: 'toyota', href: '/search/toyota', logo: '/images/brands/toyota.svg' }], directoryHref: '/brands' }], (href) => leadsToPage(href) || href === '/brands');
    expect(entry).toMatchObject({ kind: 'brands', directoryHref: '/brands' });
  });

  it('drops footer links to pages the tenant lacks, and groups left empty', () => {
    const groups = footerOfPages(
      [
        { title: 'Company', links: [{ label: 'About', href: '/about-us' }, { label: 'News', href: '/news' }, { label: 'Contact', href: '/contact-us?from=footer' }] },
        { title: 'Later', links: [{ label: 'Blog', href: '/blog' }] },
      ],
      leadsToPage,
    );
    expect(groups).toEqual([{ title: 'Company', links: [{ label: 'About', href: '/about-us' }, { label: 'Contact', href: '/contact-us?from=footer' }] }]);
  });
});
