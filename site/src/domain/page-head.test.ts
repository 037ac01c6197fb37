import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  canonicalSearchPath,
  documentTitle,
  itemListJsonLd,
  openingHoursSpecification,
  organisationJsonLd,
  searchHeadline,
  searchPageDescription,
  searchPageTitle,
} from './page-head.ts';
import { emptySearchState, parseSearchUrl } from './search-url.ts';

const labels = { newLabel: 'New', usedLabel: 'Used', plural: 'cars', usedOnly: false };
const context = { dealershipSlugs: ['toowoomba'], makes: ['Toyota', 'Kia'], makeModels: ['Toyota Corolla', 'Kia Sportage'], defaultSort: 'relevance' as const };

describe('documentTitle', () => {
  it('puts the page before the site name, and the site name alone on the home page', () => {
    expect(documentTitle('About us', 'Range Road Kia')).toBe('About us | Range Road Kia');
    expect(documentTitle(null, 'Range Road Kia')).toBe('Range Road Kia');
  });
});

describe('absoluteUrl', () => {
  it('joins a path to the origin of siteUrl, whatever path siteUrl has', () => {
    expect(absoluteUrl('https://www.example.com.au', '/search/used-cars')).toBe('https://www.example.com.au/search/used-cars');
    expect(absoluteUrl('https://www.example.com.au/', 'about-us')).toBe('https://www.example.com.au/about-us');
    expect(absoluteUrl('https://www.example.com.au/old/', '/')).toBe('https://www.example.com.au/');
    expect(absoluteUrl('https://www.example.com.au', 'https://cdn.example.net/a.webp')).toBe('https://cdn.example.net/a.webp');
  });
});

describe('canonicalSearchPath', () => {
  it('orders refinement values and drops tracking parameters, so equal searches have one URL', () => {
    const a = parseSearchUrl('/search/used-cars', '?body=SUV&body=Hatch&utm_source=news&gclid=abc', context);
    const b = parseSearchUrl('/search/used-cars', '?gclid=zzz&body=Hatch&body=SUV', context);
    expect(canonicalSearchPath(a, 'relevance')).toBe('/search/used-cars?body=Hatch&body=SUV');
    expect(canonicalSearchPath(b, 'relevance')).toBe(canonicalSearchPath(a, 'relevance'));
  });

  it('keeps the make and model in the path, the page and a non-default sort', () => {
    const state = parseSearchUrl('/search/toyota/corolla', '?page=2&sortBy=price_asc&fbclid=1', context);
    expect(canonicalSearchPath(state, 'relevance')).toBe('/search/toyota/corolla?sortBy=price_asc&page=2');
  });
});

describe('searchHeadline and searchPageTitle', () => {
  it('names a page after its car type, model and body type', () => {
    const state = parseSearchUrl('/search/used-cars/toyota/corolla', '', context);
    expect(searchHeadline(state, labels)).toBe('Used Toyota Corolla');
    expect(searchPageTitle(state, labels)).toBe('Used Toyota Corolla for sale');
    expect(searchPageTitle(parseSearchUrl('/search/demo-cars/kia', '?body=SUV', context), labels)).toBe('Demo Kia SUV for sale');
  });

  it('falls back to the whole stock, and numbers later pages', () => {
    expect(searchPageTitle(emptySearchState(), labels)).toBe('New, used and demo cars for sale');
    expect(searchPageTitle({ ...emptySearchState(), page: 3 }, labels)).toBe('New, used and demo cars for sale – page 3');
    expect(searchHeadline(emptySearchState(), { ...labels, usedOnly: true })).toBe('Used cars');
    expect(searchHeadline(emptySearchState(), { ...labels, plural: 'caravans' })).toBe('All caravans');
    expect(searchHeadline(parseSearchUrl('/search/new-and-demo-cars', '', context), labels)).toBe('New and demo');
  });

  it('uses the tenant labels and names a dealership page after the dealership', () => {
    expect(searchHeadline(parseSearchUrl('/search/used-cars', '', context), { ...labels, usedLabel: 'Pre-owned' })).toBe('Pre-owned');
    expect(searchPageTitle(emptySearchState(), labels, 'Toowoomba Kia')).toBe('Toowoomba Kia stock for sale');
  });

  it('leaves out refinements with several values (no single name for them)', () => {
    expect(searchHeadline(parseSearchUrl('/search/used-cars', '?make=Toyota&make=Kia', context), labels)).toBe('Used');
  });
});

describe('searchPageDescription', () => {
  it('counts the matches mid-sentence', () => {
    expect(searchPageDescription('Used Kia Sportage', 24, 'Range Road Kia', { one: 'car', many: 'cars' })).toBe(
      'Browse 24 used Kia Sportage cars for sale at Range Road Kia. Compare prices, finance and features, then enquire or book a test drive online.',
    );
    expect(searchPageDescription('New, used and demo cars', 1234, 'X', { one: 'car', many: 'cars' })).toMatch(/^Browse 1,234 new, used and demo cars for sale at X\./);
    expect(searchPageDescription('Kia', null, 'X', { one: 'car', many: 'cars' })).toMatch(/^Browse Kia cars for sale at X\./);
  });
});

describe('openingHoursSpecification', () => {
  it('groups weekdays with the same hours, Monday first, and leaves closed days out', () => {
    const spec = openingHoursSpecification([
      { weekday: 0, status: 'Closed' },
      { weekday: 6, status: 'Open', open: '08:00', close: '12:00' },
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' })),
    ]);
    expect(spec).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
        opens: '08:30',
        closes: '17:30',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '08:00', closes: '12:00' },
    ]);
    expect(openingHoursSpecification(undefined)).toEqual([]);
  });
});

describe('organisationJsonLd', () => {
  it('describes the group and an AutoDealer per location with address, phone and coordinates', () => {
    const data = organisationJsonLd({
      name: 'Range Road Kia',
      siteUrl: 'https://www.rangeroad.example.com.au',
      locations: [
        {
          name: 'Range Road Kia Toowoomba',
          slug: 'toowoomba',
          phone: '07 4600 1234',
          address: { street: '1 Ruthven St', suburb: 'Toowoomba', state: 'QLD', postcode: '4350', lat: -27.56, long: 151.95 },
          openingHours: [{ weekday: 1, status: 'Open', open: '08:00', close: '17:00' }],
        },
      ],
    });
    const [org, dealer] = data['@graph'] as Record<string, unknown>[];
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Range Road Kia', url: 'https://www.rangeroad.example.com.au/' });
    expect(dealer).toMatchObject({
      '@type': 'AutoDealer',
      name: 'Range Road Kia Toowoomba',
      telephone: '07 4600 1234',
      parentOrganization: { '@id': 'https://www.rangeroad.example.com.au/#organization' },
      address: { streetAddress: '1 Ruthven St', addressLocality: 'Toowoomba', addressRegion: 'QLD', postalCode: '4350', addressCountry: 'AU' },
      geo: { latitude: -27.56, longitude: 151.95 },
    });
  });
});

describe('itemListJsonLd', () => {
  it('lists the cars in page order with absolute URLs, positions continuing across pages', () => {
    const list = itemListJsonLd('https://www.example.com.au', [
      { name: '2021 Toyota Corolla', path: '/cars/2021-toyota-corolla-1', image: '/images/cars/1/1.webp' },
      { name: '2020 Kia Rio', path: '/cars/2020-kia-rio-2' },
    ], 25);
    expect(list.numberOfItems).toBe(2);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 25, name: '2021 Toyota Corolla', url: 'https://www.example.com.au/cars/2021-toyota-corolla-1', image: 'https://www.example.com.au/images/cars/1/1.webp' },
      { '@type': 'ListItem', position: 26, name: '2020 Kia Rio', url: 'https://www.example.com.au/cars/2020-kia-rio-2' },
    ]);
  });
});
