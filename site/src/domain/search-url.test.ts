import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_PATH,
  emptySearchState,
  hasRefinements,
  parseSearchUrl,
  priceRangeFromParam,
  priceRangeToParam,
  searchPathStanding,
  searchUrl,
  type SearchRouteState,
} from './search-url.ts';

const context = {
  dealershipSlugs: ['harbourside-toyota', 'harbourside-used-cars'],
  makes: ['Toyota', 'Mercedes-Benz', 'Land Rover'],
  makeModels: ['Toyota Hilux', 'Toyota Land Cruiser', 'Mazda CX-5'],
};

function state(patch: Partial<SearchRouteState>): SearchRouteState {
  return { ...emptySearchState(), ...patch };
}

describe('parseSearchUrl', () => {
  it('applies nothing on the root path without parameters', () => {
    expect(parseSearchUrl('/search/new-used-and-demo-cars/', '', context)).toEqual(emptySearchState());
  });

  it('reads the car type path forms of spec §2', () => {
    expect(parseSearchUrl('/search/used-cars', '', context).lists).toEqual({ car_type: ['used'] });
    expect(parseSearchUrl('/search/new-and-demo-cars', '', context).lists).toEqual({ car_type: ['new', 'demo'] });
    expect(parseSearchUrl('/search/demo-cars', '', context).lists).toEqual({ car_type: ['demo'] });
    expect(parseSearchUrl('/search/new-cars', '', context).lists).toEqual({ car_type: ['new'] });
  });

  it('reads a segment named like an object property as a make, never as car types', () => {
    expect(parseSearchUrl('/search/constructor', '', context).lists).toEqual({ make: ['Constructor'] });
    expect(parseSearchUrl('/search/__proto__', '', context).lists).toEqual({ make: ['__proto__'] });
    expect(parseSearchUrl('/search/used-cars/tostring', '', context).lists).toEqual({ car_type: ['used'], make: ['Tostring'] });
  });

  it('reads /search/{make} and /search/{make}/{model} with the stock spelling', () => {
    expect(parseSearchUrl('/search/mercedes-benz', '', context).lists).toEqual({ make: ['Mercedes-Benz'] });
    expect(parseSearchUrl('/search/toyota/land-cruiser', '', context).lists).toEqual({
      make: ['Toyota'],
      make_model: ['Toyota Land Cruiser'],
    });
    expect(parseSearchUrl('/search/mazda/cx-5', '', context).lists.make_model).toEqual(['Mazda CX-5']);
  });

  it('falls back to title case for makes not in stock', () => {
    expect(parseSearchUrl('/search/great-wall/cannon', '', context).lists).toEqual({
      make: ['Great Wall'],
      make_model: ['Great Wall Cannon'],
    });
  });

  it('reads a dealership slug before a make', () => {
    const parsed = parseSearchUrl('/search/harbourside-toyota', '', context);
    expect(parsed.dealership).toBe('harbourside-toyota');
    expect(parsed.lists).toEqual({});
  });

  it('reads query parameters, rewrites price ranges and keeps unknown parameters', () => {
    const parsed = parseSearchUrl(
      '/search/used-cars/toyota',
      '?utm_source=news&query=hilux&body=Ute&body=SUV&price=10000-30000&km=-50000&price_range=20000-30000&sortBy=latest&page=3&gclid=abc',
      context,
    );
    expect(parsed).toEqual({
      query: 'hilux',
      page: 3,
      sortBy: 'latest',
      lists: { car_type: ['used'], make: ['Toyota'], simple_body: ['Ute', 'SUV'] },
      ranges: { price: { min: 10000, max: 30000 }, km: { max: 50000 } },
      priceRange: '$20,000 - $30,000',
      extra: [
        ['utm_source', 'news'],
        ['gclid', 'abc'],
      ],
    });
  });

  it('drops malformed values instead of failing', () => {
    const parsed = parseSearchUrl('/search/used-cars', '?page=abc&price=x-y&sortBy=cheapest&year=2020-2010', context);
    expect(parsed.page).toBe(1);
    expect(parsed.ranges).toEqual({});
    expect(parsed.sortBy).toBe('relevance');
  });
});

describe('searchUrl', () => {
  it('writes the default path when nothing is applied', () => {
    expect(searchUrl(emptySearchState())).toBe(DEFAULT_SEARCH_PATH);
  });

  it('puts car type, make and make-model in the path', () => {
    expect(searchUrl(state({ lists: { car_type: ['used'], make: ['Toyota'], make_model: ['Toyota Land Cruiser'] } }))).toBe(
      '/search/used-cars/toyota/land-cruiser',
    );
    expect(searchUrl(state({ lists: { make: ['Mercedes-Benz'] } }))).toBe('/search/mercedes-benz');
    expect(searchUrl(state({ lists: { car_type: ['demo', 'new'] } }))).toBe('/search/new-and-demo-cars');
  });

  it('writes the page only when it is not 1', () => {
    expect(searchUrl(state({ page: 1, lists: { car_type: ['used'] } }))).toBe('/search/used-cars');
    expect(searchUrl(state({ page: 2, lists: { car_type: ['used'] } }))).toBe('/search/used-cars?page=2');
  });

  it('writes several makes and odd car type sets as parameters', () => {
    expect(searchUrl(state({ lists: { make: ['Toyota', 'Mazda'], car_type: ['new', 'used'] } }))).toBe(
      '/search/new-used-and-demo-cars/?car_type=new&car_type=used&make=Toyota&make=Mazda',
    );
  });

  it('rewrites price range menu values without $ and commas', () => {
    expect(searchUrl(state({ priceRange: '$150,000+' }))).toBe('/search/new-used-and-demo-cars/?price_range=150000%2B');
    expect(priceRangeToParam('$20,000 - $30,000')).toBe('20000-30000');
    expect(priceRangeFromParam('150000+')).toBe('$150,000+');
  });

  it('keeps unknown parameters through a refinement change', () => {
    const parsed = parseSearchUrl('/search/new-used-and-demo-cars/', '?utm_campaign=eofy&gclid=xyz', context);
    const refined = { ...parsed, lists: { ...parsed.lists, make: ['Toyota'] } };
    expect(searchUrl(refined)).toBe('/search/toyota?utm_campaign=eofy&gclid=xyz');
  });

  it('keeps the dealership as the first segment', () => {
    expect(searchUrl(state({ dealership: 'harbourside-toyota', lists: { car_type: ['used'] } }))).toBe(
      '/search/harbourside-toyota/used-cars',
    );
  });

  it('round-trips through parseSearchUrl', () => {
    const original = state({
      query: 'sport',
      page: 4,
      sortBy: 'price_asc',
      lists: { car_type: ['used'], make: ['Land Rover'], simple_fuel: ['Diesel'], location_name: ['Harbourside Toyota'] },
      ranges: { year: { min: 2018 }, price: { min: 5000, max: 40000 } },
      priceRange: '$20,000 - $30,000',
      extra: [['utm_source', 'x']],
    });
    const url = searchUrl(original);
    const [path, query] = url.split('?') as [string, string];
    expect(parseSearchUrl(path, query, context)).toEqual(original);
  });

  it('omits the tenant default sort', () => {
    expect(searchUrl(state({ sortBy: 'latest' }), 'latest')).toBe(DEFAULT_SEARCH_PATH);
    expect(parseSearchUrl(DEFAULT_SEARCH_PATH, '', { ...context, defaultSort: 'latest' }).sortBy).toBe('latest');
  });
});

describe('hasRefinements', () => {
  it('is false for the empty state and true once anything applies', () => {
    expect(hasRefinements(emptySearchState())).toBe(false);
    expect(hasRefinements(state({ ranges: { km: { max: 1000 } } }))).toBe(true);
    expect(hasRefinements(state({ lists: { make: [] } }))).toBe(false);
  });
});

describe('searchPathStanding', () => {
  const site = { dealershipSlugs: ['alpha-toyota'], makes: ['Toyota', 'Mercedes-Benz'], makeModels: ['Toyota Land Cruiser', 'Mercedes-Benz C 200'] };
  const standing = (paths: string[]) => Object.fromEntries(paths.map((p) => [p, searchPathStanding(p, site)]));

  it('is a page for the spec §2 search variants that name what the site has', () => {
    const pages = [
      '/search/new-used-and-demo-cars/', '/search/', '/search/used-cars', '/search/new-and-demo-cars', '/search/toyota', '/search/toyota/land-cruiser',
      '/search/used-cars/mercedes-benz/c-200', '/search/alpha-toyota', '/search/alpha-toyota/demo-cars/toyota', '/search/Toyota/Land-Cruiser',
    ];
    expect(standing(pages)).toEqual(Object.fromEntries(pages.map((p) => [p, 'page'])));
  });

  it('is no page for text that names no dealership or make of the site, or extra segments', () => {
    const missing = ['/search/buy-cheap-watches', '/search/used-cars/watches', '/search/toyota/land-cruiser/extra', '/search/constructor', '/search/__proto__', '/search/%E0%A4%A', '/search/alpha-toyota/watches'];
    expect(standing(missing)).toEqual(Object.fromEntries(missing.map((p) => [p, 'missing'])));
  });

  it('is a page kept out of search engines for a model of a known make that is not in stock', () => {
    const unlisted = ['/search/toyota/cheap-watches', '/search/mercedes-benz/land-cruiser', '/search/used-cars/toyota/hilux'];
    expect(standing(unlisted)).toEqual(Object.fromEntries(unlisted.map((p) => [p, 'noindex'])));
  });
});
