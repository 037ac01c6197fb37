import { describe, expect, it } from 'vitest';
import { carCard, type CardFeatures, type CardSite } from './car-card.ts';

// The spec's own labels and numbers: §2 card buttons, §4 price display (10 or less is no price),
// §4 tag priority and 8-day just-arrived default, §8 a weekly repayment at or below $25 means enquire.
const site: CardSite = {
  labels: {
    newTag: 'New', used: 'Used', noPrice: 'Enquire for price.', preorder: 'PREORDER', enquireForFinance: 'Enquire for Finance', getFinance: 'Get Finance',
    reserveNow: 'Reserve Now', buyOnline: 'Buy Online', justSold: 'JUST SOLD', reserved: 'Reserved', comingSoon: 'COMING SOON', newArrival: 'New Arrival',
  },
  routes: { financePath: '/finance', checkoutPathVariant: 'checkout' },
  search: { itemType: 'car', justArrivedDays: 8 },
  dealer: {},
  finance: { provider: 'kia-finance', excludedLocations: ['harbourside-eagle-farm'] },
};
const all: CardFeatures = { seriesInTitle: false, testDrive: true, financeEnquiry: true, financeSummary: true, reserveButton: true, buyOnline: true, onlinePurchase: true, subscriptionLayout: false, viewCounts: true };
const none: CardFeatures = { seriesInTitle: false, testDrive: false, financeEnquiry: false, financeSummary: false, reserveButton: false, buyOnline: false, onlinePurchase: false, subscriptionLayout: false, viewCounts: false };
const NOW = 1_790_000_000;
const DAY = 86_400;
const car = {
  id: 42, slug: '2021-kia-seltos-sport-hu21003', name: '2021 Kia Seltos Sport SP2 Auto', year: 2021, make: 'Kia', model: 'Seltos', badge: 'Sport', series: 'SP2',
  status: 'in_stock', reserved: false, sold: false, km: 48213, car_type: 'used', simple_transmission: 'Automatic', simple_fuel: 'Petrol', simple_body: 'SUV',
  price: 27990, created_at: NOW - 30 * DAY, views: 17, location_name: 'Harbourside Kia', location_slug: 'harbourside-kia-newstead', dealership_slug: 'harbourside-kia', vin: '6T1BF3FK40X038311',
  youxQuote: { weeklyRepaymentAmount: 98.4, advertisedRate: 8.99, comparisonRate: 9.47 },
  lender_rates: { 'kia-finance': { interestRate: 8.99, comparisonRate: 9.47, paymentWeek: 98.4, paymentMonth: 426.07 } },
};

describe('carCard', () => {
  it("writes an available car's title, chips, price, finance line and view count", () => {
    const card = carCard(car, site, NOW, { features: all });
    expect(card.title).toBe('2021 Kia Seltos Sport');
    expect(card.href).toBe('/cars/2021-kia-seltos-sport-hu21003');
    expect(card.location).toBe('Harbourside Kia');
    expect(card.chips).toEqual(['Used', '48,213 km', 'Automatic', 'Petrol', 'SUV']);
    expect(card.price).toEqual({ kind: 'price', text: '$27,990', amount: 27990 });
    expect(card.financeLine).toBe('Get Finance: $98/week at 8.99% p.a. (comparison 9.47% p.a.)');
    expect(card.tag).toBeNull();
    expect(card.viewCount).toBe(17);
  });

  it('lists the buttons of spec §2 for an available car, as the site switches them', () => {
    expect(carCard(car, site, NOW, { features: all }).actions.map((a) => a.label)).toEqual(['View Details', 'Enquire', 'Book a Test Drive', 'Get Finance', 'Reserve Now', 'Buy Online']);
    const links = carCard(car, site, NOW, { features: all }).actions.map((a) => a.href);
    expect(links).toContain('/cars/2021-kia-seltos-sport-hu21003/checkout');
    expect(links).toContain('/checkout-journey?car_id=42');
    // The enquiry and test-drive buttons are the car's form pages, marked as the forms a search card opens in place.
    expect(carCard(car, site, NOW, { features: all }).actions.filter((a) => a.form)).toEqual([
      { label: 'Enquire', href: '/enquire?car_id=42', form: 'enquiry' },
      { label: 'Book a Test Drive', href: '/book-test-drive/?car_id=42', form: 'test_drive' },
    ]);
    // Spec §2: the finance link carries preferredDealership, vehiclePriceBudget, car_id, car_type, vin and #finance-form.
    expect(links).toContain('/finance?preferredDealership=harbourside-kia&vehiclePriceBudget=27990&car_id=42&car_type=used&vin=6T1BF3FK40X038311#finance-form');
    // A car without a vin: the link leaves it out rather than sending an empty one.
    expect(carCard({ ...car, vin: null }, site, NOW, { features: all }).actions.find((a) => a.label === 'Get Finance')?.href).toBe('/finance?preferredDealership=harbourside-kia&vehiclePriceBudget=27990&car_id=42&car_type=used#finance-form');
    expect(carCard(car, site, NOW, { features: none }).actions.map((a) => a.label)).toEqual(['View Details', 'Enquire']);
  });

  it('gives a sold car Find Me Something Similar, the sold tag and no finance line', () => {
    const card = carCard({ ...car, status: 'sold' }, site, NOW, { features: all });
    expect(card.actions).toEqual([
      { label: 'Find Me Something Similar', href: '/cars/2021-kia-seltos-sport-hu21003?enquiry=similar#enquiry-form', primary: true },
      { label: 'View Details', href: '/cars/2021-kia-seltos-sport-hu21003' },
    ]);
    expect(card.tag).toEqual({ kind: 'sold', text: 'JUST SOLD' });
    expect(card.financeLine).toBeNull();
  });

  it('shows no finance line at a weekly repayment of $25 and one at $26', () => {
    expect(carCard({ ...car, youxQuote: { ...car.youxQuote, weeklyRepaymentAmount: 25 } }, site, NOW, { features: all }).financeLine).toBeNull();
    expect(carCard({ ...car, youxQuote: { ...car.youxQuote, weeklyRepaymentAmount: 26 } }, site, NOW, { features: all }).financeLine).toMatch(/^Get Finance: \$26\/week/);
  });

  it('offers no reserve or purchase for a price of 10 (no price) or a reserved car', () => {
    const noPrice = carCard({ ...car, price: 10 }, site, NOW, { features: all });
    expect(noPrice.price).toEqual({ kind: 'no-price', text: 'Enquire for price.' });
    expect(noPrice.actions.map((a) => a.label)).not.toContain('Reserve Now');
    const held = carCard({ ...car, reserved: true }, site, NOW, { features: all });
    expect(held.actions.map((a) => a.label)).not.toContain('Reserve Now');
    expect(held.actions.map((a) => a.label)).not.toContain('Buy Online');
    expect(held.tag).toEqual({ kind: 'reserved', text: 'Reserved' });
  });

  it('tags a car listed within 8 days New Arrival, and not one listed 9 days ago', () => {
    expect(carCard({ ...car, created_at: NOW - 7 * DAY }, site, NOW, { features: all }).tag).toEqual({ kind: 'just-arrived', text: 'New Arrival' });
    expect(carCard({ ...car, created_at: NOW - 9 * DAY }, site, NOW, { features: all }).tag).toBeNull();
  });

  it("names the car with its series where the site shows it, and the dealer's city over the car's", () => {
    const card = carCard(car, { ...site, dealer: { overrideCity: 'Geelong' } }, NOW, { features: { ...all, seriesInTitle: true } });
    expect(card.title).toBe('2021 Kia Seltos Sport SP2 Auto');
    expect(card.location).toBe('Geelong');
  });

  it('leaves kilometres out for a caravan', () => {
    const card = carCard({ ...car, item_type: 'caravan' }, site, NOW, { features: all });
    expect(card.kilometres).toBeNull();
    expect(card.chips).toEqual(['Used', 'Automatic', 'Petrol', 'SUV']);
  });

  // Spec §5 lender groups. NOW is in 2026, so group A lends on cars newer than 2014.
  describe("the site's lender rule decides the card's finance figures (spec §5)", () => {
    const financeMode = { features: all, priceMode: 'finance' as const };
    it('group A (the default for a provider of its own): newer than current year minus 12, priced above $500, a comparison rate', () => {
      expect(carCard({ ...car, year: 2015 }, site, NOW, { features: all }).financeLine).toMatch(/^Get Finance: \$98\/week/);
      expect(carCard({ ...car, year: 2014 }, site, NOW, { features: all }).financeLine).toBeNull();
      expect(carCard({ ...car, year: 2014 }, site, NOW, financeMode).price).toEqual({ kind: 'price', text: '$27,990', amount: 27990 });
      expect(carCard({ ...car, year: 2015 }, site, NOW, financeMode).price).toMatchObject({ kind: 'finance', text: '$98', suffix: '/week' });
      expect(carCard({ ...car, price: 500 }, site, NOW, { features: all }).financeLine).toBeNull();
      expect(carCard({ ...car, price: 501 }, site, NOW, { features: all }).financeLine).not.toBeNull();
      const noComparison = { 'kia-finance': { interestRate: 8.99, comparisonRate: null, paymentWeek: 98.4, paymentMonth: 426.07 } };
      expect(carCard({ ...car, lender_rates: noComparison }, site, NOW, { features: all }).financeLine).toBeNull();
    });
    it('no figures without lender data for the active provider; without a provider only the quote service’s estimate (group D)', () => {
      expect(carCard({ ...car, lender_rates: { plenti: car.lender_rates['kia-finance'] } }, site, NOW, financeMode)).toMatchObject({ financeLine: null, price: { kind: 'price' } });
      expect(carCard({ ...car, year: 1990 }, { ...site, finance: { excludedLocations: [] } }, NOW, financeMode)).toMatchObject({ financeLine: null, price: { kind: 'finance', text: '$98' } });
    });
    it('group B needs a weekly payment and lends on any age; C needs a monthly payment', () => {
      const groupB = { ...site, finance: { ...site.finance, lenderGroup: 'B' as const } };
      expect(carCard({ ...car, year: 1995 }, groupB, NOW, { features: all }).financeLine).not.toBeNull();
      const noWeekly = { 'kia-finance': { interestRate: 8.99, comparisonRate: 9.47, paymentWeek: null, paymentMonth: 426.07 } };
      expect(carCard({ ...car, lender_rates: noWeekly }, groupB, NOW, { features: all }).financeLine).toBeNull();
      const groupC = { ...site, finance: { ...site.finance, lenderGroup: 'C' as const } };
      expect(carCard({ ...car, lender_rates: noWeekly, year: 1995 }, groupC, NOW, { features: all }).financeLine).not.toBeNull();
      const noMonthly = { 'kia-finance': { interestRate: 8.99, comparisonRate: 9.47, paymentWeek: 98.4, paymentMonth: null } };
      expect(carCard({ ...car, lender_rates: noMonthly }, groupC, NOW, { features: all }).financeLine).toBeNull();
      expect(carCard({ ...car, price: 500 }, groupC, NOW, { features: all }).financeLine).toBeNull();
    });
    it('group D needs only an available car; a sold car shows no figure in any group', () => {
      const groupD = { ...site, finance: { ...site.finance, lenderGroup: 'D' as const } };
      const noPayments = { 'kia-finance': { interestRate: 8.99, comparisonRate: 9.47, paymentWeek: null, paymentMonth: null } };
      expect(carCard({ ...car, year: 1980, lender_rates: noPayments }, groupD, NOW, { features: all }).financeLine).not.toBeNull();
      expect(carCard({ ...car, status: 'sold' }, groupD, NOW, financeMode)).toMatchObject({ financeLine: null });
    });
    it('a known lender key carries its own group: angle is group D, money3 group B', () => {
      const angle = { ...site, finance: { provider: 'angle', excludedLocations: [] } };
      expect(carCard({ ...car, year: 1990, lender_rates: { angle: car.lender_rates['kia-finance'] } }, angle, NOW, { features: all }).financeLine).not.toBeNull();
      const money3 = { ...site, finance: { provider: 'money3', excludedLocations: [] } };
      const noWeekly = { money3: { interestRate: 8.99, comparisonRate: 9.47, paymentWeek: null, paymentMonth: 426.07 } };
      expect(carCard({ ...car, lender_rates: noWeekly }, money3, NOW, { features: all }).financeLine).toBeNull();
    });
    it('hides the summary at an excluded location, and keeps the estimate there', () => {
      const there = { ...car, location_slug: 'harbourside-eagle-farm' };
      expect(carCard(there, site, NOW, { features: all }).financeLine).toBeNull();
      expect(carCard(there, site, NOW, financeMode).price).toMatchObject({ kind: 'finance', text: '$98' });
    });
    it("reads a full car's lender data and location as well as a search record's", () => {
      const { lender_rates: rates, location_slug: _slug, ...rest } = car;
      expect(carCard({ ...rest, finance_lenders: rates, location: { slug: 'harbourside-kia-newstead' } }, site, NOW, { features: all }).financeLine).not.toBeNull();
      expect(carCard({ ...rest, finance_lenders: rates, location: { slug: 'harbourside-eagle-farm' } }, site, NOW, { features: all }).financeLine).toBeNull();
    });
  });
});
