import { describe, expect, it } from 'vitest';
import { contrastRatio, formatIssue, schemaDocAt, validateTenant, validateTenantSet, type TenantIssue } from './validate.ts';

/** The tenant with a longest gap of 26 hours between stock feeds and these addresses to tell (none: not set). */
const withGap = (emails: string[] | undefined) => validateTenant(text(tenant((t) => {
  t.stockFeed = { maxHoursBetweenFeeds: 26, ...(emails ? { alertEmails: emails } : {}) };
})), 'test-motors.json');

/** A small valid tenant; each test breaks one thing. */
function tenant(overrides: (t: Record<string, any>) => void = () => {}): Record<string, any> {
  const t: Record<string, any> = {
    slug: 'test-motors',
    name: 'Test Motors',
    template: 'dealer-group',
    siteUrl: 'https://www.test-motors.example.com.au',
    dealer: {
      dealerships: [
        { slug: 'test-toyota', name: 'Test Toyota', makes: ['Toyota'], dealerLicenceNumber: '3100001' },
        { slug: 'test-mazda', name: 'Test Mazda', makes: ['Mazda'], dealerLicenceNumber: '3100002' },
      ],
      locations: [
        {
          slug: 'test-toyota-newstead', name: 'Test Toyota Newstead', dealershipSlug: 'test-toyota', type: 'sales',
          address: { street: '1 Breakfast Creek Road', suburb: 'Newstead', state: 'QLD', postcode: '4006', lat: -27.44, long: 153.04 },
          phone: '07 5550 0001',
          openingHours: [{ weekday: 1, status: 'Open', open: '08:30', close: '17:30' }, { weekday: 0, status: 'Closed' }],
        },
        {
          slug: 'test-mazda-springwood', name: 'Test Mazda Springwood', dealershipSlug: 'test-mazda',
          address: { street: '2 Pacific Highway', suburb: 'Springwood', state: 'QLD', postcode: '4127', lat: -27.61, long: 153.12 },
          phone: '07 5550 0002',
        },
      ],
    },
    finance: { provider: 'test-finance' },
  };
  overrides(t);
  return t;
}

const text = (t: unknown) => JSON.stringify(t, null, 2);
const errorsOf = (t: Record<string, any>, file = 'test-motors.json') =>
  validateTenant(text(t), file).issues.filter((i) => i.severity === 'error');
const messages = (issues: TenantIssue[]) => issues.map((i) => `${i.pointer}: ${i.message}`);

describe('validateTenant', () => {
  it('accepts a valid tenant and returns it resolved', () => {
    const result = validateTenant(text(tenant()), 'test-motors.json');

    expect(result.issues).toEqual([]);
    expect(result.config?.search.pageSize).toBe(21);
    expect(result.config?.timeZone).toBe('Australia/Brisbane');
  });

  it('names the field and the wrong value for type errors', () => {
    const issues = errorsOf(tenant((t) => { t.features = { compare: 'yes' }; }));

    expect(messages(issues)).toEqual(['/features/compare: must be boolean (got "yes")']);
  });

  it('catches typos as unknown settings and suggests the right name', () => {
    const issues = errorsOf(tenant((t) => { t.features = { comapre: true }; }));

    expect(messages(issues)).toEqual(['/features/comapre: is not a known setting (did you mean "compare"?)']);
  });

  it('reports missing required fields at their own pointer', () => {
    const issues = errorsOf(tenant((t) => { delete t.dealer.locations[1].phone; }));

    expect(messages(issues)).toEqual(['/dealer/locations/1/phone: is required']);
  });

  it('explains enum, pattern and format errors in words', () => {
    const issues = errorsOf(tenant((t) => {
      t.features = { similarCarsLayout: 'list' };
      t.theme = { colours: { primary: 'red' } };
      t.promotions = [{ id: 'p', title: 'P', start: '1 July', expiry: '2025-07-24T23:59:59+10:00', node: { heading: 'P' } }];
    }));

    expect(messages(issues)).toEqual(expect.arrayContaining([
      '/features/similarCarsLayout: must be one of "carousel", "grid" (got "list")',
      '/theme/colours/primary: must be a colour as #rrggbb (got "red")',
      '/promotions/0/start: must be an ISO 8601 date-time with offset, e.g. 2025-07-01T00:00:00+10:00 (got "1 July")',
    ]));
  });

  it('gives one message per wrong value, the one that says best what to write', () => {
    const issues = errorsOf(tenant((t) => {
      t.siteUrl = '';
      t.template = 3;
      t.name = 7;
    }));

    expect(messages(issues).sort()).toEqual([
      '/name: must be string (got number 7)',
      '/siteUrl: must be an origin like https://www.example.com.au (no path, no trailing slash) (got "")',
      '/template: must be one of "dealer-group", "brand", "used-car-superstore", "caravan", "certified-pre-owned", "motorcycle", "truck" (got 3)',
    ]);
  });

  it('gives one message for a value matching none of the promo-card forms', () => {
    const issues = errorsOf(tenant((t) => { t.search = { promoCardPosition: 'third' }; }));

    expect(issues).toHaveLength(1);
    expect(issues[0]?.pointer).toBe('/search/promoCardPosition');
    expect(issues[0]?.message).toMatch(/^must be one of the allowed forms: .*random 3 to 5.* \(got "third"\)$/);
  });

  it('accepts every promo-card form', () => {
    for (const promoCardPosition of [4, [3, 12], { randomise: { min: 3, max: 5 }, position: 2 }]) {
      expect(errorsOf(tenant((t) => { t.search = { promoCardPosition }; }))).toEqual([]);
    }
  });

  it('takes a test-drive disclaimer only with text in it', () => {
    expect(errorsOf(tenant((t) => { t.labels = { testDriveDisclaimer: 'Drivers must be 21 or over.' }; }))).toEqual([]);
    expect(messages(errorsOf(tenant((t) => { t.labels = { testDriveDisclaimer: '   ' }; })))).toEqual(['/labels/testDriveDisclaimer: must contain text, not only spaces (got "   ")']);
    expect(errorsOf(tenant((t) => { t.labels = { testDriveDisclaimer: '' }; })).map((i) => i.pointer)).toEqual(['/labels/testDriveDisclaimer']);
  });

  it('reports every problem at once, schema and semantic together', () => {
    const issues = errorsOf(tenant((t) => {
      t.slug = 'other-slug';
      t.features = { compare: 1 };
      t.dealer.locations[0].dealershipSlug = 'missing';
      t.limits = { defaultRadiusKm: 60 };
    }));

    expect(issues.map((i) => i.pointer).sort()).toEqual([
      '/dealer/locations/0/dealershipSlug', '/features/compare', '/limits/defaultRadiusKm', '/slug',
    ]);
  });

  it('reports invalid JSON with line and column', () => {
    const result = validateTenant('{\n  "slug": "x",\n  "name": "y"\n  "template": "brand"\n}', 'x.json');

    expect(result.config).toBeUndefined();
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]?.pointer).toBe('');
    expect(result.issues[0]?.message).toMatch(/^invalid JSON at line 4, column 3: /);
  });

  it('rejects a non-object document', () => {
    expect(messages(validateTenant('[]', 'x.json').issues)).toEqual([': must be object (got array [])']);
  });
});

describe('semantic rules', () => {
  it('requires the slug to equal the file name', () => {
    expect(messages(errorsOf(tenant(), 'someone-else.json'))).toEqual(['/slug: must equal the file name "someone-else" (got "test-motors")']);
  });

  it('requires promotion expiry after start', () => {
    const issues = errorsOf(tenant((t) => {
      t.promotions = [{ id: 'p', title: 'P', start: '2025-07-01T00:00:00+10:00', expiry: '2025-06-30T23:59:59+10:00', node: { heading: 'P' } }];
    }));

    expect(messages(issues)).toEqual(['/promotions/0/expiry: must be after start (2025-07-01T00:00:00+10:00)']);
  });

  it('checks the spin-to-win promotion: required where the page is on, dates in order, chances at most 100 percent', () => {
    const spin = { id: 'summer-spin', start: '2026-12-01T00:00:00+10:00', expiry: '2027-01-01T00:00:00+10:00', prizes: [{ label: 'Cap', chance: 60 }, { label: 'Voucher', chance: 40 }], terms: 'One spin per person.' };
    expect(messages(errorsOf(tenant((t) => { t.features = { spinToWin: true }; t.content = { spinToWin: spin }; })))).toEqual([]);
    expect(messages(errorsOf(tenant((t) => { t.features = { spinToWin: true }; })))).toEqual(['/content/spinToWin: is required when /features/spinToWin is true']);
    expect(messages(errorsOf(tenant((t) => { t.content = { spinToWin: { ...spin, expiry: '2026-11-30T00:00:00+10:00', prizes: [...spin.prizes, { label: 'Car', chance: 0.5 }] } }; })))).toEqual([
      '/content/spinToWin/expiry: must be after start (2026-12-01T00:00:00+10:00)',
      '/content/spinToWin/prizes: chances add up to 100.5 percent; at most 100',
    ]);
  });

  it('requires unique promotion ids', () => {
    const promo = { id: 'p', title: 'P', start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00', node: { heading: 'P' } };
    expect(messages(errorsOf(tenant((t) => { t.promotions = [promo, promo]; })))).toEqual(['/promotions/1/id: duplicates another promotion id "p"']);
  });

  it('checks the EOFY sale pages: slugs start with eofy- and are unique, makes are sold, special offers on', () => {
    const page = { slug: 'eofy-toyota-sale', title: 'Toyota EOFY Sale', intro: 'Toyota run-out deals.', make: 'Toyota' };
    expect(messages(errorsOf(tenant((t) => { t.features = { eofySale: true, specialOffers: true }; t.content = { eofySale: { pages: [page] } }; })))).toEqual([]);
    expect(messages(errorsOf(tenant((t) => { t.content = { eofySale: { pages: [{ ...page, slug: 'toyota-sale' }] } }; })))).toEqual([
      '/content/eofySale/pages/0/slug: must start with "eofy-" and be lower-case kebab-case, e.g. eofy-kia-sale (the page is /pages/{slug}) (got "toyota-sale")',
    ]);
    expect(messages(errorsOf(tenant((t) => { t.features = { eofySale: true }; t.content = { eofySale: { pages: [page, { ...page, make: 'Kia' }] } }; })))).toEqual([
      '/features/specialOffers: must be true when /features/eofySale is true (the EOFY pages show the special offers)',
      '/content/eofySale/pages/1/slug: duplicates another EOFY page slug "eofy-toyota-sale"',
      '/content/eofySale/pages/1/make: must be a make one of /dealer/dealerships sells (got "Kia")',
    ]);
  });

  it('warns when a promotion targets only car types the stock filter excludes', () => {
    const result = validateTenant(text(tenant((t) => {
      t.stockFilter = { usedOnly: true };
      t.promotions = [{ id: 'p', title: 'P', start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00', display: ['new'], node: { heading: 'P' } }];
    })), 'test-motors.json');

    expect(result.config).toBeDefined();
    expect(result.issues).toEqual([expect.objectContaining({ pointer: '/promotions/0/display', severity: 'warning' })]);
  });

  it('warns when a longest gap between stock feeds is set with nobody to email when it passes', () => {
    expect(withGap(undefined).issues).toEqual([expect.objectContaining({ pointer: '/stockFeed/maxHoursBetweenFeeds', severity: 'warning', message: 'tells nobody while /stockFeed/alertEmails is empty: add who is emailed when feeds stop arriving' })]);
    expect(withGap([]).issues).toHaveLength(1);
    expect(withGap(['stock@test-motors.example.com.au']).issues).toEqual([]);
    // Up to a week, in whole hours.
    for (const bad of [0, 169, 1.5]) {
      const errors = messages(errorsOf(tenant((t) => { t.stockFeed = { maxHoursBetweenFeeds: bad, alertEmails: ['stock@test-motors.example.com.au'] }; })));
      expect(errors).toEqual([expect.stringMatching(/^\/stockFeed\/maxHoursBetweenFeeds: /)]);
    }
  });

  it('requires unique dealership and location slugs', () => {
    const issues = errorsOf(tenant((t) => {
      t.dealer.dealerships[1].slug = 'test-toyota';
      t.dealer.locations[1].slug = 'test-toyota-newstead';
      t.dealer.locations[1].dealershipSlug = 'test-toyota';
    }));

    expect(messages(issues)).toEqual([
      '/dealer/dealerships/1/slug: duplicates another dealership slug "test-toyota"',
      '/dealer/locations/1/slug: duplicates another location slug "test-toyota-newstead"',
    ]);
  });

  it('checks dealership and location references', () => {
    const issues = errorsOf(tenant((t) => {
      t.dealer.locations[1].dealershipSlug = 'test-hyundai';
      t.stockFilter = { dealerships: ['test-toyota', 'test-kia'] };
      t.finance.excludedLocations = ['nowhere'];
    }));

    expect(messages(issues)).toEqual([
      '/dealer/locations/1/dealershipSlug: must name a dealership in /dealer/dealerships (got "test-hyundai"; known: test-toyota, test-mazda)',
      '/stockFilter/dealerships/1: must name a dealership in /dealer/dealerships (got "test-kia")',
      '/finance/excludedLocations/0: must name a location in /dealer/locations (got "nowhere")',
    ]);
  });

  it('checks lead routes: a known dealership, somewhere to send, real addresses, https web addresses, a secret named not written', () => {
    const good = tenant((t) => {
      t.leadDelivery = {
        routes: [
          { dealership: 'test-toyota', departments: ['sales'], email: ['sales@testtoyota.com.au'], webhook: { url: 'https://crm.example.com.au/leads', secretEnv: 'TEST_CRM_SECRET' } },
          { departments: ['service'], email: ['service@testmotors.com.au'] },
          { webhook: { url: 'http://127.0.0.1:9000/hook', secretEnv: 'LOCAL_SECRET' } },
        ],
      };
    });
    expect(messages(errorsOf(good))).toEqual([]);

    const issues = errorsOf(tenant((t) => {
      t.leadDelivery = {
        routes: [
          { dealership: 'test-kia', email: ['sales@testkia.com.au'] },
          { departments: ['parts'] },
          { email: ['not an address'] },
          { webhook: { url: 'http://crm.example.com.au/leads', secretEnv: 'CRM_SECRET' } },
          { webhook: { url: 'https://crm.example.com.au/leads', secretEnv: 'whsec_abc123' } },
        ],
      };
    }));
    expect(messages(issues)).toEqual([
      '/leadDelivery/routes/2/email/0: must be a valid email (got "not an address")',
      '/leadDelivery/routes/3/webhook/url: must be an https:// web address (http:// only for a receiver on this computer: localhost or 127.0.0.1) (got "http://crm.example.com.au/leads")',
      '/leadDelivery/routes/4/webhook/secretEnv: must be the name of an environment variable in capitals, e.g. DEALER_CRM_WEBHOOK_SECRET (never the secret itself) (got "whsec_abc123")',
      '/leadDelivery/routes/0/dealership: must name a dealership in /dealer/dealerships (got "test-kia"; known: test-toyota, test-mazda)',
      '/leadDelivery/routes/1: sends nowhere: add at least one email address or a webhook',
    ]);
  });

  it('allows at most one primary dealership', () => {
    const issues = errorsOf(tenant((t) => { t.dealer.dealerships.forEach((d: any) => { d.primary = true; }); }));
    expect(messages(issues)).toEqual(['/dealer/dealerships: must have at most one primary dealership (found 2)']);
  });

  it('checks opening hours: unique weekdays, open before close, times when open', () => {
    const issues = errorsOf(tenant((t) => {
      t.dealer.locations[0].openingHours = [
        { weekday: 1, status: 'Open', open: '17:00', close: '08:00' },
        { weekday: 1, status: 'Closed' },
        { weekday: 2, status: 'Open' },
      ];
    }));

    expect(messages(issues)).toEqual([
      '/dealer/locations/0/openingHours/0/close: must be after open (17:00)',
      '/dealer/locations/0/openingHours/1/weekday: duplicates weekday 1 of this location',
      '/dealer/locations/0/openingHours/2/open: is required when status is "Open"',
      '/dealer/locations/0/openingHours/2/close: is required when status is "Open"',
    ]);
  });

  it('takes a logo uploaded for this site only', () => {
    const slug = (tenant(() => undefined) as { slug: string }).slug;
    const uploaded = (src: string) => messages(errorsOf(tenant((t) => { t.theme = { ...t.theme, logo: { src, alt: 'Logo', width: 240, height: 48 } }; })));
    expect(uploaded(`/tenants/assets/${slug}/logo-0123456789ab.png`)).toEqual([]);
    expect(uploaded('/tenants/assets/range-road-kia/logo-0123456789ab.png')).toEqual([`/theme/logo/src: must be an image uploaded for this site (/tenants/assets/${slug}/…), not for range-road-kia`]);
    expect(uploaded(`/tenants/assets/${slug}/../secrets.json`)).toEqual(['/theme/logo/src: must name an uploaded image: /tenants/assets/<slug>/<name>.png, .jpg, .webp or .svg (upload the logo in the editor)']);
    expect(uploaded('assets/logo.png')).toEqual(['/theme/logo/src: must be a logo uploaded in the editor (/tenants/assets/<slug>/…) or a data:image/svg+xml URI (got "assets/logo.png")']);
  });

  it('checks special hours: real dates, once each, open before close, times when open', () => {
    const issues = errorsOf(tenant((t) => {
      t.dealer.locations[0].specialHours = [
        { date: '2026-12-24', name: 'Christmas Eve', status: 'Open', open: '14:00', close: '08:30' },
        { date: '2026-12-24', name: 'Christmas Eve again', status: 'Closed' },
        { date: '2026-02-30', name: 'Stocktake', status: 'Closed' },
        { date: '2026-12-31', name: 'New Year’s Eve', status: 'Open' },
      ];
    }));

    expect(messages(issues)).toEqual([
      '/dealer/locations/0/specialHours/0/close: must be after open (14:00)',
      '/dealer/locations/0/specialHours/1/date: duplicates 2026-12-24 of this location',
      '/dealer/locations/0/specialHours/2/date: 2026-02-30 is not a date on the calendar',
      '/dealer/locations/0/specialHours/3/open: is required when status is "Open"',
      '/dealer/locations/0/specialHours/3/close: is required when status is "Open"',
    ]);
  });

  it('checks finance ranges: min below max, default inside, step not larger than the range', () => {
    const issues = errorsOf(tenant((t) => {
      t.finance.calculator = {
        loanAmount: { min: 100000, max: 1000 },
        termYears: { min: 1, max: 7, step: 0.5, default: 9 },
        interestRate: { min: 1, max: 2, step: 5 },
      };
    }));

    expect(messages(issues)).toEqual([
      '/finance/calculator/loanAmount/max: must be greater than min (100000)',
      '/finance/calculator/termYears/default: must lie between min (1) and max (7) (got 9)',
      '/finance/calculator/interestRate/step: must not exceed the range max - min (1) (got 5)',
    ]);
  });

  it('checks slider ranges and the promo-card random range', () => {
    const issues = errorsOf(tenant((t) => {
      t.search = { sliders: { defaultMin: 10, defaultMax: 5, price: { min: 9000, max: 1000 } }, promoCardPosition: { randomise: { min: 5, max: 3 }, position: 1 } };
    }));

    expect(messages(issues)).toEqual([
      '/search/sliders/defaultMax: must be greater than defaultMin (10)',
      '/search/sliders/price/max: must be greater than min (9000)',
      '/search/promoCardPosition/randomise/max: must not be less than min (5)',
    ]);
  });

  it('requires the default radius to be one of the distance options', () => {
    expect(messages(errorsOf(tenant((t) => { t.limits = { defaultRadiusKm: 60 }; })))).toEqual([
      '/limits/defaultRadiusKm: must be one of /limits/distanceOptionsKm (25, 50, 75, 100, 150, 250, 500, 750, 1000) (got 60)',
    ]);
  });

  it("refuses two distribution locations of one location with the same number", () => {
    const issues = errorsOf(tenant((t) => {
      t.dealer.locations[0].distributionLocations = [{ id: 7, name: 'Dalby Display Centre' }, { id: 7, name: 'Warwick Display Centre' }];
    }));
    expect(messages(issues)).toEqual(['/dealer/locations/0/distributionLocations/1/id: duplicates another place number 7 of this location']);
  });

  it('requires companion settings of features', () => {
    const issues = errorsOf(tenant((t) => {
      t.features = { favouritesMechanism: 'watchlist', groupSiteLinks: true, announcementBar: true, emergencyBanner: true };
      t.search = { backend: 'algolia' };
    }));

    expect(messages(issues)).toEqual([
      '/features/watchlist: must be true when /features/favouritesMechanism is "watchlist"',
      '/routes/groupSiteLinks: must list at least one link when /features/groupSiteLinks is true',
      '/content/announcement: is required when /features/announcementBar is true',
      '/content/emergencyBanner: is required when /features/emergencyBanner is true',
      '/search/algolia: is required when /search/backend is "algolia"',
    ]);
  });

  it('warns when the finance calculator has no provider', () => {
    const result = validateTenant(text(tenant((t) => { delete t.finance; })), 'test-motors.json');
    expect(result.issues).toEqual([expect.objectContaining({ pointer: '/finance/provider', severity: 'warning' })]);
  });

  it('rejects an unknown time zone', () => {
    expect(messages(errorsOf(tenant((t) => { t.timeZone = 'Australia/Atlantis'; })))).toEqual([
      '/timeZone: is not a known IANA time zone (got "Australia/Atlantis")',
    ]);
  });

  it('requires AA contrast for text colour pairs', () => {
    const issues = errorsOf(tenant((t) => { t.theme = { colours: { primary: '#ffcc00', primaryContrast: '#ffffff' } }; }));

    expect(issues).toHaveLength(1);
    expect(issues[0]?.pointer).toBe('/theme/colours/primaryContrast');
    expect(issues[0]?.message).toMatch(/^primaryContrast \(#ffffff\) on primary \(#ffcc00\) has contrast 1\.\d\d:1; WCAG AA needs at least 4\.5:1$/);
  });

  it('checks the shape of inline SVG logos and forbids remote references', () => {
    const ok = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`;
    const notSvg = `data:image/svg+xml,${encodeURIComponent('<p>hi</p>')}`;
    const remote = `data:image/svg+xml,${encodeURIComponent('<svg><image href="https://cdn.example.com/x.png"/></svg>')}`;

    expect(errorsOf(logo(ok))).toEqual([]);
    expect(messages(errorsOf(logo(notSvg)))).toEqual(['/theme/logo/src: must contain an <svg> element']);
    expect(messages(errorsOf(logo(remote)))).toEqual(['/theme/logo/src: must not reference remote resources (nothing may load from the internet)']);
    expect(messages(errorsOf(logo('https://cdn.example.com/logo.svg')))[0]).toMatch(/^\/theme\/logo\/src: must be a logo uploaded in the editor \(\/tenants\/assets\/<slug>\/…\) or a data:image\/svg\+xml URI/);
  });

  it('checks URL shapes', () => {
    const issues = errorsOf(tenant((t) => {
      t.siteUrl = 'https://www.example.com.au/home';
      t.routes = { serviceBookingUrl: 'http://booking.example.com', financePath: 'finance' };
    }));

    expect(messages(issues)).toEqual([
      '/siteUrl: must be an origin like https://www.example.com.au (no path, no trailing slash) (got "https://www.example.com.au/home")',
      '/routes/financePath: must be a lower-case path starting with / (got "finance")',
      '/routes/serviceBookingUrl: must be an https:// URL (got "http://booking.example.com")',
    ]);
  });
});

function logo(src: string) {
  return tenant((t) => { t.theme = { logo: { src, alt: 'Logo', width: 100, height: 40 } }; });
}

describe('validateTenantSet', () => {
  it('requires unique slugs and hosts across tenants', () => {
    const a = tenant();
    const b = tenant((t) => { t.slug = 'other-motors'; });
    const c = tenant((t) => { t.siteUrl = 'https://other.example.com.au'; });

    const results = validateTenantSet([
      { file: 'test-motors.json', text: text(a) },
      { file: 'other-motors.json', text: text(b) },
      { file: 'dir/test-motors.json', text: text(c) },
    ]);

    expect(results[0]?.issues).toEqual([]);
    expect(messages(results[1]?.issues ?? [])).toEqual(['/siteUrl: host "www.test-motors.example.com.au" is already used by tenants/test-motors.json']);
    expect(results[1]?.config).toBeUndefined();
    expect(messages(results[2]?.issues ?? [])).toEqual(['/slug: "test-motors" is already used by tenants/test-motors.json']);
  });
});

describe('formatIssue', () => {
  it('prints tenants/<file>: /pointer: message', () => {
    expect(formatIssue({ file: 'a.json', pointer: '/features/compare', message: 'must be boolean (got "yes")', severity: 'error' }))
      .toBe('tenants/a.json: /features/compare: must be boolean (got "yes")');
    expect(formatIssue({ file: 'a.json', pointer: '', message: 'invalid JSON', severity: 'error' })).toBe('tenants/a.json: /: invalid JSON');
    expect(formatIssue({ file: 'a.json', pointer: '/finance/provider', message: 'is not set', severity: 'warning' }))
      .toBe('tenants/a.json: /finance/provider: warning: is not set');
  });
});

describe('schemaDocAt', () => {
  it('documents settings, array items and $ref targets', () => {
    expect(schemaDocAt('/features/compare')).toMatchObject({ type: 'boolean', default: true });
    expect(schemaDocAt('/labels/noPrice')?.default).toBe('Enquire for price.');
    expect(schemaDocAt('/promotions/0/expiry')?.description).toMatch(/must be after start/);
    expect(schemaDocAt('/theme/colours/primary')?.description).toMatch(/Brand colour/);
    expect(schemaDocAt('/search/promoCardPosition/randomise/min')?.default).toBe(3);
    expect(schemaDocAt('')?.properties).toContain('features');
    expect(schemaDocAt('/features/nope')).toBeUndefined();
  });
});

describe('contrastRatio', () => {
  it('matches WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
