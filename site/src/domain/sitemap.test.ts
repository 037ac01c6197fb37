import { describe, expect, it } from 'vitest';
import { carInSitemap, contentPaths, presencePaths, robotsTxt, sitemapFiles, sitemapPaths, sitemapXml, SITEMAP_URL_LIMIT } from './sitemap.ts';
import { infoPagePaths } from './info-pages.ts';

const NOW = 1_780_000_000;
const DAY = 86_400;
const base = {
  defaultSearchPath: '/search/new-used-and-demo-cars/',
  infoPaths: ['/terms-and-conditions', '/about-us'],
  carTypes: ['used', 'new'],
  makes: ['Toyota', 'Kia'],
  makeModels: ['Toyota Corolla', 'Kia Sportage', 'Toyota Land Cruiser'],
  cars: [],
  soldDays: 3,
  nowSeconds: NOW,
};

describe('sitemapPaths', () => {
  it('lists home, information pages, the search paths with stock, makes and make/model pairs', () => {
    expect(sitemapPaths(base)).toEqual([
      '/',
      '/terms-and-conditions',
      '/about-us',
      '/search/new-used-and-demo-cars/',
      '/search/new-cars',
      '/search/used-cars',
      '/search/kia',
      '/search/kia/sportage',
      '/search/toyota',
      '/search/toyota/corolla',
      '/search/toyota/land-cruiser',
    ]);
  });

  it('lists the presence pages after the information pages: grid, contact, each visible location', () => {
    const presence = presencePaths([{ slug: 'newstead', visible: true }, { slug: 'hidden-yard', visible: false }, { slug: 'southport' }]);
    expect(presence).toEqual(['/dealerships', '/contact-us', '/locations/newstead', '/locations/southport']);
    expect(sitemapPaths({ ...base, presencePaths: presence }).slice(0, 8)).toEqual([
      '/',
      '/terms-and-conditions',
      '/about-us',
      '/dealerships',
      '/contact-us',
      '/locations/newstead',
      '/locations/southport',
      '/search/new-used-and-demo-cars/',
    ]);
  });

  it('lists the content pages of switched-on features: brand directory and overviews, special offers', () => {
    expect(contentPaths({ brandDirectory: true, brandSlugs: ['toyota', 'mazda'], specialOffers: true })).toEqual(['/brands', '/mazda/overview', '/toyota/overview', '/special-offers']);
    expect(contentPaths({ brandDirectory: false, brandSlugs: ['toyota'], specialOffers: false })).toEqual([]);
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: false, blogCategories: ['Vehicle Reviews', 'Buyer Advice'] })).toEqual(['/blog', '/news', '/blog/vehicle-reviews', '/blog/buyer-advice']);
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: false, modelSlugs: ['kia-sportage', 'kia-carnival'] })).toEqual(['/models/kia-carnival', '/models/kia-sportage']);
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: false, modelSlugs: null })).toEqual([]);
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: true, eofyPageSlugs: ['eofy-toyota-sale', 'eofy-mazda-sale'] })).toEqual(['/special-offers', '/eofy', '/pages/eofy-toyota-sale', '/pages/eofy-mazda-sale']);
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: true, eofyPageSlugs: [] })).toEqual(['/special-offers', '/eofy']);
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: true, eofyPageSlugs: null })).toEqual(['/special-offers']);
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: true, liveOfferIds: [12, 'eofy-2027'] })).toEqual(['/special-offers', '/offers/12', '/offers/eofy-2027']);
    expect(sitemapPaths({ ...base, contentPaths: ['/brands', '/toyota/overview'] }).slice(3, 6)).toEqual(['/brands', '/toyota/overview', '/search/new-used-and-demo-cars/']);
  });

  it('lists every article and every later page of the news and category lists (21 articles a page)', () => {
    // 45 articles: 30 reviews (pages 1-2 of 21), 15 advice (one page); news has 45 (pages 1-3).
    const articles = Array.from({ length: 45 }, (_, i) => ({ slug: `a-${i}`, category: i < 30 ? 'Vehicle Reviews' : 'Buyer Advice' }));
    const paths = contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: false, blogCategories: ['Vehicle Reviews', 'Buyer Advice', 'Motoring Tips'], articles });
    expect(paths.slice(0, 7)).toEqual(['/blog', '/news', '/news?page=2', '/news?page=3', '/blog/vehicle-reviews', '/blog/vehicle-reviews?page=2', '/blog/buyer-advice']);
    // A category without articles still has its (empty) first page.
    expect(paths[7]).toBe('/blog/motoring-tips');
    expect(paths.slice(8)).toEqual(articles.map((a) => `/blog/${a.slug}`));
    // Exactly 21 fit on one page.
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: false, blogCategories: [], articles: articles.slice(0, 21) }).filter((p) => p.includes('?'))).toEqual([]);
    // No blog, no articles.
    expect(contentPaths({ brandDirectory: false, brandSlugs: [], specialOffers: false, blogCategories: null, articles })).toEqual([]);
  });

  it('lists cars, and drops sold cars once the sold window has passed', () => {
    const paths = sitemapPaths({
      ...base,
      cars: [
        { slug: 'in-stock-1', status: 'in_stock' },
        { slug: 'sold-2-days-ago', status: 'sold', soldAtSeconds: NOW - 2 * DAY },
        { slug: 'sold-4-days-ago', status: 'sold', soldAtSeconds: NOW - 4 * DAY },
      ],
    });
    expect(paths).toContain('/cars/in-stock-1');
    expect(paths).toContain('/cars/sold-2-days-ago');
    expect(paths).not.toContain('/cars/sold-4-days-ago');
  });
});

describe('carInSitemap', () => {
  it('keeps a sold car exactly through its window', () => {
    expect(carInSitemap({ slug: 'a', status: 'sold', soldAtSeconds: NOW - 3 * DAY }, 3, NOW)).toBe(true);
    expect(carInSitemap({ slug: 'a', status: 'sold', soldAtSeconds: NOW - 3 * DAY - 1 }, 3, NOW)).toBe(false);
    expect(carInSitemap({ slug: 'a', status: 'sold', soldAtSeconds: null }, 3, NOW)).toBe(false);
    expect(carInSitemap({ slug: 'a', status: 'coming_soon' }, 0, NOW)).toBe(true);
  });
});

describe('sitemap files', () => {
  it('writes absolute URLs on the production site, XML-escaped', () => {
    const xml = sitemapXml('https://www.example.com.au', ['/', '/search/used-cars?body=SUV&fuel=Diesel']);
    expect(xml).toContain('<loc>https://www.example.com.au/</loc>');
    expect(xml).toContain('<loc>https://www.example.com.au/search/used-cars?body=SUV&amp;fuel=Diesel</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('splits behind a sitemap index over the limit', () => {
    const paths = Array.from({ length: 5 }, (_, i) => `/p${i}`);
    const small = sitemapFiles('https://x.example', paths);
    expect(small.index).toBeNull();
    expect(small.files).toHaveLength(1);
    const split = sitemapFiles('https://x.example', paths, 2);
    expect(split.files).toHaveLength(3);
    expect(split.index).toContain('<loc>https://x.example/sitemap-3.xml</loc>');
    expect(split.files[2]).toContain('/p4');
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
  });

  it('robots.txt points at the sitemap and keeps crawlers out of the API and personal pages', () => {
    const robots = robotsTxt('https://www.example.com.au');
    expect(robots).toContain('Sitemap: https://www.example.com.au/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /my-garage');
  });
});

describe('infoPagePaths', () => {
  it('lists the canonical path of each page the tenant has copy for, and the privacy policy, terms and about us every site has', () => {
    expect(infoPagePaths({ warranty: {}, aboutUs: {} })).toEqual(['/terms-and-conditions', '/privacy-policy', '/pages/warranty', '/about-us']);
    expect(infoPagePaths(undefined)).toEqual(['/terms-and-conditions', '/privacy-policy', '/about-us']);
  });
});
