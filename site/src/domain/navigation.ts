/** A link of the header or footer. */
import { compareText } from './text-order.ts';
export interface NavLink {
  label: string;
  href: string;
}

/** A header entry: a link, or a dropdown of links. `kind: 'brands'` is the logo mega-menu. */
export type MenuEntry =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'dropdown'; label: string; links: NavLink[] }
  | { kind: 'brands'; label: string; brands: BrandLink[]; directoryHref?: string };

/** A make in the brand mega-menu. */
export interface BrandLink {
  make: string;
  slug: string;
  href: string;
  /** The brand's logo, drawn by the platform (`/images/brands/{slug}.svg`). */
  logo: string;
}

/** The brand directory (spec §2 /brands), linked from the brand mega-menu where the tenant has it. */
export const BRAND_DIRECTORY_PATH = '/brands';

/** A footer group (spec §2: Models, Buyer Tools, Service & Parts, dealer group links). */
export interface FooterGroup {
  title: string;
  links: NavLink[];
}

/** What the standard menus need from the tenant config. */
export interface NavigationInput {
  name: string;
  headerVariant: 'dealer-group' | 'brand-style';
  makes: string[];
  defaultSearchPath: string;
  financePath: string;
  /** External booking page; Servicing / Book a Service link there when set. */
  serviceBookingUrl?: string;
  headerLinks?: { label: string; href?: string; children?: NavLink[] }[];
  footerGroups?: FooterGroup[];
}

/**
 * URL slug of a make or model as used in /search/{make}: lower case, spaces and symbols to
 * single hyphens ('Mercedes-Benz' → 'mercedes-benz', 'Great Wall' → 'great-wall').
 */
export function toSlug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The makes of all dealerships, de-duplicated and sorted alphabetically. */
export function uniqueMakes(dealerships: readonly { makes: readonly string[] }[]): string[] {
  const seen = new Map<string, string>();
  for (const dealership of dealerships) {
    for (const make of dealership.makes) if (!seen.has(toSlug(make))) seen.set(toSlug(make), make);
  }
  return [...seen.values()].sort((a, b) => compareText(a, b));
}

/** Brand mega-menu entries: one per make, linking to /search/{make}, with the make's logo. */
export function brandLinks(makes: readonly string[]): BrandLink[] {
  return makes.map((make) => ({ make, slug: toSlug(make), href: `/search/${toSlug(make)}`, logo: `/images/brands/${toSlug(make)}.svg` }));
}

function servicingHref(input: NavigationInput): string {
  return input.serviceBookingUrl ?? '/service';
}

/**
 * The header menu. Config `navigation.headerLinks` wins when present; otherwise the
 * variant's standard menu:
 * - brand-style (spec §2): Home, Models, Stock, Finance, Service & Parts (Servicing, Parts and
 *   Accessories), Company (About Us, News, Contact Us);
 * - dealer-group: a brand dropdown with a mega-menu of brand logos, then stock, finance,
 *   service, locations and contact links.
 */
export function headerMenu(input: NavigationInput): MenuEntry[] {
  if (input.headerLinks && input.headerLinks.length > 0) {
    return input.headerLinks.map((entry, index) => {
      if (entry.children && entry.children.length > 0) return { kind: 'dropdown', label: entry.label, links: entry.children };
      if (!entry.href) throw new Error(`navigation.headerLinks[${index}]: needs href or children`);
      return { kind: 'link', label: entry.label, href: entry.href };
    });
  }
  if (input.headerVariant === 'brand-style') {
    return [
      { kind: 'link', label: 'Home', href: '/' },
      { kind: 'link', label: 'Models', href: '/search/new-cars' },
      { kind: 'link', label: 'Stock', href: input.defaultSearchPath },
      { kind: 'link', label: 'Finance', href: input.financePath },
      {
        kind: 'dropdown',
        label: 'Service & Parts',
        links: [
          { label: 'Servicing', href: servicingHref(input) },
          { label: 'Parts and Accessories', href: '/vehicle-parts-and-accessories' },
        ],
      },
      {
        kind: 'dropdown',
        label: 'Company',
        links: [
          { label: 'About Us', href: '/about-us' },
          { label: 'News', href: '/news' },
          { label: 'Contact Us', href: '/contact-us' },
        ],
      },
    ];
  }
  return [
    { kind: 'brands', label: 'Our Brands', brands: brandLinks(input.makes), directoryHref: BRAND_DIRECTORY_PATH },
    {
      kind: 'dropdown',
      label: 'Stock',
      links: [
        { label: 'All Stock', href: input.defaultSearchPath },
        { label: 'New Cars', href: '/search/new-cars' },
        { label: 'Demo Cars', href: '/search/demo-cars' },
        { label: 'Used Cars', href: '/search/used-cars' },
      ],
    },
    { kind: 'link', label: 'Finance', href: input.financePath },
    { kind: 'link', label: 'Service', href: servicingHref(input) },
    { kind: 'link', label: 'Locations', href: '/dealerships' },
    { kind: 'link', label: 'About Us', href: '/about-us' },
    { kind: 'link', label: 'Contact Us', href: '/contact-us' },
  ];
}

/** Makes listed in the footer's Models group before an 'All makes' link. */
export const FOOTER_MAKES = 12;

/**
 * The footer groups. Config `navigation.footerGroups` wins when present; otherwise spec §2's
 * groups: Models (one link per make, the first 12 then All makes), Buyer Tools (Our Stock, Finance, Trade In, Test Drive,
 * Owners Benefits), Service & Parts, and the dealer group links (About, News, Contact, Terms,
 * Privacy) titled with the site name.
 */
export function footerGroups(input: NavigationInput): FooterGroup[] {
  return withAccountFeatures(input.footerGroups && input.footerGroups.length > 0 ? input.footerGroups : standardFooterGroups(input));
}

/**
 * The signed-in features a shopper reaches from the footer (spec §2 gated features): the
 * promotional spin and paying an invoice or deposit online. Listed on every site; a site without
 * the feature has no such page, so the link is dropped there (footerOfPages).
 */
export const ACCOUNT_FEATURE_LINKS: readonly NavLink[] = [
  { label: 'Spin to Win', href: '/spin-to-win' },
  { label: 'Online Payment', href: '/online-payment' },
];

/** The footer groups with the account features added to Buyer Tools (a group of their own where there is none). */
function withAccountFeatures(groups: readonly FooterGroup[]): FooterGroup[] {
  const tools = groups.findIndex((group) => group.title === 'Buyer Tools');
  const missing = (group: FooterGroup) => ACCOUNT_FEATURE_LINKS.filter((link) => !group.links.some((own) => own.href === link.href));
  if (tools === -1) return [...groups, { title: 'Buyer Tools', links: [...ACCOUNT_FEATURE_LINKS] }];
  return groups.map((group, index) => (index === tools ? { ...group, links: [...group.links, ...missing(group)] } : group));
}

function standardFooterGroups(input: NavigationInput): FooterGroup[] {
  return [
    {
      title: 'Models',
      links: [
        ...brandLinks(input.makes.slice(0, FOOTER_MAKES))
          .map((b) => ({ label: b.make, href: b.href })),
        ...(input.makes.length > FOOTER_MAKES ? [{ label: 'All makes', href: input.defaultSearchPath }] : []),
      ],
    },
    {
      title: 'Buyer Tools',
      links: [
        { label: 'Our Stock', href: input.defaultSearchPath },
        { label: 'Finance', href: input.financePath },
        { label: 'Trade In', href: '/trade-in' },
        { label: 'Test Drive', href: '/book-test-drive/' },
        { label: 'Owners Benefits', href: '/pages/owners' },
      ],
    },
    {
      title: 'Service & Parts',
      links: [
        { label: 'Book a Service', href: servicingHref(input) },
        { label: 'Parts and Accessories', href: '/vehicle-parts-and-accessories' },
        { label: 'Warranty', href: '/pages/warranty' },
        { label: 'Capped Price Servicing', href: '/pages/capped-price-service' },
        { label: 'Roadside Assistance', href: '/pages/roadside-assistance' },
      ],
    },
    {
      title: input.name,
      links: [
        { label: 'About', href: '/about-us' },
        { label: 'News', href: '/news' },
        { label: 'Contact', href: '/contact-us' },
        { label: 'Terms', href: '/terms-and-conditions' },
        { label: 'Privacy', href: '/privacy-policy' },
      ],
    },
  ];
}

/** Whether an href leads to a real page of the tenant (the app answers it from its routes). */
export type LeadsToPage = (href: string) => boolean;

/**
 * The header menu without links that lead nowhere for this tenant (a page it does not have, a
 * feature it switched off): such links are dropped, and a dropdown left empty goes with them.
 */
export function menuOfPages(entries: readonly MenuEntry[], leadsToPage: LeadsToPage): MenuEntry[] {
  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return leadsToPage(entry.href) ? [entry] : [];
    if (entry.kind === 'brands') {
      const brands = entry.brands.filter((brand) => leadsToPage(brand.href));
      const { directoryHref, ...rest } = entry;
      return brands.length > 0 ? [{ ...rest, brands, ...(directoryHref && leadsToPage(directoryHref) ? { directoryHref } : {}) }] : [];
    }
    const links = entry.links.filter((link) => leadsToPage(link.href));
    return links.length > 0 ? [{ ...entry, links }] : [];
  });
}

/** The footer groups without links that lead nowhere for this tenant; a group left empty goes. */
export function footerOfPages(groups: readonly FooterGroup[], leadsToPage: LeadsToPage): FooterGroup[] {
  return groups.map((group) => ({ ...group, links: group.links.filter((link) => leadsToPage(link.href)) })).filter((group) => group.links.length > 0);
}
