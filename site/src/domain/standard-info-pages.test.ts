import { describe, expect, test } from 'vitest';
import { standardInfoPage } from './standard-info-pages.ts';

const goldCoast = {
  name: 'Gold Coast Mazda',
  dealer: {
    dealerships: [{ name: 'Gold Coast Mazda', makes: ['Mazda'] }],
    locations: [
      { name: 'Gold Coast Mazda Southport', primary: true, phone: '(07) 5591 0000', address: { street: '1 Nerang Street', suburb: 'Southport', state: 'QLD', postcode: '4215' } },
      { name: 'Gold Coast Mazda Service Centre', phone: '(07) 5591 0001', address: { street: '3 Nerang Street', suburb: 'Southport', state: 'QLD', postcode: '4215' } },
    ],
  },
};

describe('the standard pages every dealer site has', () => {
  test('about us is written from the dealer’s own makes and locations', () => {
    expect(standardInfoPage('aboutUs', goldCoast)).toEqual({
      title: 'About Gold Coast Mazda',
      paragraphs: [
        'Gold Coast Mazda sells Mazda vehicles from Gold Coast Mazda Southport in Southport QLD and Gold Coast Mazda Service Centre in Southport QLD.',
        'Visit us, or call (07) 5591 0000: our team is happy to help you find the right vehicle, arrange a test drive or talk through finance and trade-ins.',
      ],
    });
  });

  test('privacy and terms name the dealer and how to reach its primary location; other pages have no standard text', () => {
    const privacy = standardInfoPage('privacy', goldCoast)!;
    expect(privacy.title).toBe('Privacy policy');
    expect(privacy.paragraphs.join(' ')).toContain('call Gold Coast Mazda Southport on (07) 5591 0000, or write to 1 Nerang Street, Southport QLD 4215');
    expect(privacy.paragraphs.join(' ')).toContain('Australian Privacy Principles');
    expect(standardInfoPage('terms', goldCoast)!.paragraphs[0]).toBe('This site is operated by Gold Coast Mazda. By using it you agree to these terms.');
    expect(standardInfoPage('warranty', goldCoast)).toBeUndefined();
  });
});
