import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { tenantFixture } from '../test/tenant-fixture.ts';
import { infoPageGate } from './info-pages.ts';
import { pageExists, pageFor, tenantPageIds } from './route-exists.ts';

// A route tree shaped like the site's: a splat search route, a car route with a page under it,
// an index under a folder, a page only some tenants have, and information pages.
function siteRouter() {
  const root = createRootRoute();
  const child = (path: string, options: object = {}) => createRoute({ getParentRoute: () => root, path, ...options });
  return createRouter({
    routeTree: root.addChildren([
      child('/'),
      child('/search/$'),
      child('/cars/$slug'),
      child('/cars/$slug_/checkout', pageFor((tenant) => tenant.routes.checkoutPathVariant === 'checkout')),
      child('/contact-us/'),
      child('/about-us', infoPageGate('aboutUs')),
      child('/pages/owners', infoPageGate('owners')),
    ]),
    trailingSlash: 'preserve',
  });
}

describe('pageExists: a link leads to a real page of the tenant', () => {
  const router = siteRouter();
  const tenant = tenantFixture({ content: { pages: { owners: { title: 'Owners Benefits', paragraphs: ['Free loan cars.'] } } } });

  it('matches paths against the routes, with or without query, hash or trailing slash', () => {
    const hrefs = ['/', '/search/new-used-and-demo-cars/', '/search/toyota/corolla', '/cars/2024-kia-ev6-rrk1', '/contact-us', '/contact-us/', '/pages/owners?from=footer#top'];
    expect(hrefs.filter((href) => !pageExists(router, tenant, href))).toEqual([]);
  });

  it('says no to paths no route takes (the not-found page is not a page)', () => {
    const hrefs = ['/news', '/models/sportage', '/checkout-journey?car_id=217', '/cars/abc/print'];
    expect(hrefs.filter((href) => pageExists(router, tenant, href))).toEqual([]);
  });

  it("says no to a route the tenant does not have: an information page without copy, a form at another path", () => {
    expect(pageExists(router, tenant, '/pages/warranty')).toBe(tenant.content.pages?.warranty !== undefined);
    expect(pageExists(router, tenantFixture({ content: { pages: {} } }), '/pages/warranty')).toBe(false);
    // Privacy policy, terms and about us exist on every site (standard text without the dealer's own).
    expect(pageExists(router, tenantFixture({ content: { pages: {} } }), '/about-us')).toBe(true);
    expect(pageExists(router, tenant, '/cars/abc/checkout')).toBe(tenant.routes.checkoutPathVariant === 'checkout');
    const buyOnline = tenantFixture({ routes: { checkoutPathVariant: 'buy-online' } });
    expect(pageExists(router, buyOnline, '/cars/abc/checkout')).toBe(false);
  });

  it('answers each tenant for itself on one router (the editor preview swaps the tenant in place)', () => {
    const withOwners = tenantFixture({ content: { pages: { owners: { title: 'Owners Benefits', paragraphs: ['Free loan cars.'] } } } });
    const withoutOwners = tenantFixture({});
    expect(pageExists(router, withOwners, '/pages/owners')).toBe(true);
    expect(pageExists(router, withoutOwners, '/pages/owners')).toBe(false);
    expect(pageExists(router, withOwners, '/pages/owners')).toBe(true);
    expect(pageExists(siteRouter(), withoutOwners, '/pages/owners')).toBe(false);
  });

  it('leaves links to other sites, phone numbers and anchors alone', () => {
    const hrefs = ['https://www.example.com.au/news', 'tel:0299999999', 'mailto:sales@example.com.au', '#enquiry-form'];
    expect(hrefs.filter((href) => !pageExists(router, tenant, href))).toEqual([]);
  });
});

describe('tenantPageIds: the pages a tenant has, for its build report', () => {
  it('answers every route of the tree by id, with the same test as links and 404s', () => {
    const router = siteRouter();
    const tenant = tenantFixture({ routes: { checkoutPathVariant: 'buy-online' }, content: { pages: {} } });
    const pages = tenantPageIds(router.routeTree as never, tenant);
    expect(pages).toMatchObject({ __root__: true, '/': true, '/search/$': true, '/cars/$slug': true, '/cars/$slug_/checkout': false, '/about-us': true, '/pages/owners': false });
    // Whatever it says, a link to the page agrees.
    expect(pages['/cars/$slug_/checkout']).toBe(pageExists(router, tenant, '/cars/abc/checkout'));
    expect(pages['/pages/owners']).toBe(pageExists(router, tenant, '/pages/owners'));
  });

  it('a page under a route the tenant does not have is none either', () => {
    const root = createRootRoute();
    const section = createRoute({ getParentRoute: () => root, path: '/garage', staticData: { available: () => false } });
    const inner = createRoute({ getParentRoute: () => section, path: '/cars' });
    const router = createRouter({ routeTree: root.addChildren([section.addChildren([inner])]) });
    expect(tenantPageIds(router.routeTree as never, tenantFixture({}))).toEqual({ __root__: true, '/garage': false, '/garage/cars': false });
  });
});
