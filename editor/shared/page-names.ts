/*
 * The site's pages by the names onboarding staff know them, keyed by route id (the ids the route
 * tree generator gives the files of site/src/routes). The build report lists a tenant's pages
 * under these names with the address shoppers see; a test keeps every route of the site named.
 */

/** Route id → the page's name for staff. */
export const PAGE_NAMES: Readonly<Record<string, string>> = {
  __root__: 'Every page (header, footer, layout)',
  '/': 'Home page',
  '/search/': 'Search',
  '/search/$': 'Search results by make, model or type',
  '/cars/$slug': 'Car page',
  '/cars/$slug_/checkout': 'Reserve a car',
  '/cars/$slug_/buy-online': 'Buy a car online',
  '/checkout-journey': 'Online purchase of a car',
  '/cars/trade-in': 'Trade-in valuation from a car page',
  '/print': 'Printable car page',
  '/compare': 'Compare',
  '/favourites': 'Favourites',
  '/watchlist': 'Watchlist',
  '/my-garage': 'My garage',
  '/my-garage_/$dealership': 'My garage at one dealership',
  '/sign-in': 'Sign in',
  '/confirm-email': 'Confirm an email address',
  '/confirm-hold': 'Confirm a reservation by email',
  '/reset-password': 'Reset a password',
  '/locations/': 'Locations',
  '/locations/$slug': 'Location page',
  '/our-location/$slug': 'Location page (older address)',
  '/dealerships': 'Dealerships',
  '/dealer-locator': 'Dealer locator',
  '/contact-us/': 'Contact us',
  '/contact-us/$slug': 'Contact a location',
  '/contact': 'Contact (sends shoppers on to Contact us)',
  '/enquire': 'Enquiry form',
  '/success': 'Thank you (after a form is sent)',
  '/book-test-drive/': 'Book a test drive',
  '/service': 'Book a service',
  '/finance': 'Finance',
  '/car-finance': 'Finance (at its other address)',
  '/finance-enquiry': 'Finance enquiry',
  '/apply-for-finance': 'Apply for finance',
  '/personalised/finance': 'Personalised finance for a car',
  '/trade-in': 'Trade-in valuation',
  '/sell-my-car': 'Sell my car',
  '/sell-your-car': 'Sell your car',
  '/request-photos': 'Request photos',
  '/online-payment': 'Online payment',
  '/parts/search': 'Order parts online',
  '/vehicle-parts-and-accessories': 'Parts and accessories',
  '/spin-to-win': 'Spin to win',
  '/special-offers': 'Special offers',
  '/offers/$id': 'Special offer',
  '/eofy': 'End of financial year sale',
  '/pages/eofy-{$slug}': 'End of financial year sale page',
  '/brands': 'Brands',
  '/$brand/overview': 'Brand overview',
  '/models/$model': 'Model page',
  '/blog/': 'Blog',
  '/news': 'News',
  '/blog/$slug': 'News or blog post',
  '/about-us': 'About us',
  '/privacy-policy': 'Privacy policy',
  '/terms-and-conditions': 'Terms and conditions',
  '/buying': 'Buying with us',
  '/warranty': 'Warranty',
  '/pages/warranty': 'Warranty (under /pages)',
  '/pages/owners': 'Owners',
  '/pages/capped-price-service': 'Capped price service',
  '/pages/roadside-assistance': 'Roadside assistance',
};

/**
 * A page's name for staff; a route without one is named by its address.
 * @param routeId the route's id (`/cars/$slug`)
 */
export function pageName(routeId: string): string {
  return PAGE_NAMES[routeId] ?? pageAddress(routeId);
}

/**
 * The address shoppers see for a route, with "…" for the part that names a record
 * (`/cars/$slug_/checkout` → `/cars/…/checkout`, `/blog/` → `/blog`); empty for the layout.
 * @param routeId the route's id
 */
export function pageAddress(routeId: string): string {
  if (routeId === '__root__') return '';
  const path = routeId
    .split('/')
    .map((part) => (part.includes('$') ? part.replace(/\{?\$[A-Za-z]*_?\}?/g, '…') : part))
    .join('/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}
