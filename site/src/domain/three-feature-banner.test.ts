import { describe, expect, it } from 'vitest';
import { threeFeatureBanner, threeFeatureTiles } from './three-feature-banner.ts';

const every = () => true;
const labels = { getYourValuation: 'Get Your Valuation' };

describe('threeFeatureTiles', () => {
  it('is latest offers, book your service online and sell your car, in that order (spec §2)', () => {
    expect(threeFeatureTiles(labels).map((tile) => [tile.title, tile.cta, tile.href])).toEqual([
      ['Latest Offers', 'View Offers', '/special-offers'],
      ['Book Your Service Online', 'Book a Service', '/service#service-booking'],
      // labels.getYourValuation: the spec's dealer text default 'Get Your Valuation' (§9).
      ['Sell Your Car', 'Get Your Valuation', '/sell-your-car'],
    ]);
  });
  it("books services on the tenant's external booking page where it has one", () => {
    expect(threeFeatureTiles({ ...labels, serviceBookingUrl: 'https://booking.example.com/harbourside' })[1]).toMatchObject({ href: 'https://booking.example.com/harbourside', external: true });
  });
});

describe('threeFeatureBanner', () => {
  it('is empty where the tenant has it off', () => {
    expect(threeFeatureBanner(false, labels, every)).toEqual([]);
  });
  it('leaves out a tile whose page the tenant does not have', () => {
    const pages = new Set(['/service#service-booking', '/sell-your-car']);
    expect(threeFeatureBanner(true, labels, (href) => pages.has(href)).map((tile) => tile.id)).toEqual(['service', 'sell']);
    expect(threeFeatureBanner(true, labels, () => false)).toEqual([]);
  });
  it('keeps an external booking page without asking the routes', () => {
    expect(threeFeatureBanner(true, { ...labels, serviceBookingUrl: 'https://booking.example.com/x' }, () => false).map((tile) => tile.id)).toEqual(['service']);
  });
});
