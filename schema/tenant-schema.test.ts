import { describe, expect, it } from 'vitest';
import { derefSchema, TENANT_SCHEMA, type SchemaNode } from './resolve.ts';
import { schemaDocAt } from './validate.ts';

/** Every property schema in the document with its pointer-like path. */
function properties(node: SchemaNode, path: string, out: [string, SchemaNode][] = []): [string, SchemaNode][] {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    out.push([`${path}/${key}`, child]);
    properties(derefSchema(child), `${path}/${key}`, out);
  }
  if (node.items) properties(derefSchema(node.items), `${path}/[]`, out);
  for (const branch of node.oneOf ?? []) properties(derefSchema(branch), path, out);
  return out;
}

describe('tenant.schema.json', () => {
  it('describes every property', () => {
    const undocumented = properties(TENANT_SCHEMA, '').filter(([, p]) => !derefSchema(p).description).map(([path]) => path);
    expect(undocumented).toEqual([]);
  });

  it('closes every object so typos are caught', () => {
    const open = properties(TENANT_SCHEMA, '')
      .map(([path, p]) => [path, derefSchema(p)] as const)
      .filter(([, p]) => p.type === 'object' && p.additionalProperties !== false)
      .map(([path]) => path);
    expect(open).toEqual([]);
    expect(TENANT_SCHEMA.additionalProperties).toBe(false);
  });

  it('has the top-level groups of docs/contracts.md', () => {
    expect(Object.keys(TENANT_SCHEMA.properties ?? {}).filter((k) => k !== '$schema')).toEqual([
      'slug', 'name', 'template', 'siteUrl', 'timeZone', 'defaultState', 'dealer', 'leadDelivery', 'search', 'stockFilter', 'stockFeed', 'features',
      'labels', 'limits', 'finance', 'promotions', 'routes', 'navigation', 'theme', 'analytics', 'api', 'content', 'forms', 'launch',
    ]);
  });

  it.each([
    ['/timeZone', 'Australia/Brisbane'], ['/defaultState', 'qld'],
    ['/search/pageSize', 21], ['/search/makeListCount', 7], ['/search/popularMakesCount', 20], ['/search/modelSubListLimit', 30],
    ['/search/justArrivedDays', 8], ['/search/searchHistoryLength', 5], ['/search/sliders/defaultMax', 100000],
    ['/search/sliders/priceStep', 500], ['/search/sliders/debounceMs', 400], ['/search/sliders/rounding', 1000],
    ['/stockFilter/soldWithinDays', 3],
    ['/labels/noPrice', 'Enquire for price.'], ['/labels/newArrival', 'New Arrival'], ['/labels/used', 'Used'],
    ['/labels/dealerComments', 'Dealer Comments'], ['/labels/callTheDealer', 'Call the dealer'],
    ['/labels/getYourValuation', 'Get Your Valuation'], ['/labels/enquiryFormTitle', 'Enquire Now'],
    ['/labels/contactLink', 'Contact Us'], ['/labels/justSold', 'JUST SOLD'], ['/labels/newTag', 'New'],
    ['/labels/partsFormTitle', 'Order Parts Online'], ['/labels/dealershipPlaceholder', 'Select a Preferred Dealership'],
    ['/labels/locationPlaceholder', 'Please Select a Dealership Location'],
    ['/labels/regoPlaceholder', 'Rego - Helps us better assist your enquiry'],
    ['/labels/emptyDealerComments', 'Dealer comments are pending. Please check back here later.'],
    ['/limits/dealerCommentsLength', 400], ['/limits/blogTitleLength', 80], ['/limits/blogDescriptionLength', 100],
    ['/limits/termsPreviewLength', 197], ['/limits/reserveDepositFallback', 200], ['/limits/reserveHoldHours', 48],
    ['/limits/similarCarsCount', 6], ['/limits/reviewMinRating', 4], ['/limits/reviewQuantity', 12],
    ['/limits/nearbyDealersRadiusKm', 250], ['/limits/nearbyDealersMax', 5], ['/limits/defaultRadiusKm', 50],
    ['/limits/distanceOptionsKm', [25, 50, 75, 100, 150, 250, 500, 750, 1000]], ['/limits/stickyHeaderOffset', 500],
    ['/limits/featuresShown', 8], ['/limits/specsShown', 4],
    ['/routes/financePath', '/finance'], ['/routes/checkoutPathVariant', 'checkout'],
    ['/routes/defaultSearchPath', '/search/new-used-and-demo-cars/'],
    // Section 2 and 4 words: search results, cards, tags and the car page.
    ['/search/sortOptions', ['relevance', 'latest', 'price_desc', 'price_asc']], ['/search/textDebounceMs', 300],
    ['/search/sliders/stepFraction', 0.01], ['/search/ctaCardPosition', 30],
    ['/labels/promoCardHeading', 'We Want Your Car!'], ['/labels/promoCardLines', ['We buy all types of cars', 'Our high turnover means we can pay more']],
    ['/labels/noResultsHeading', 'No Results Available'],
    ['/labels/noResults', 'No results found for your search at this time. Please try adjusting the filters for more results.'],
    ['/labels/noOffers', 'There appears to be no offers currently available that meet the conditions of your search'],
    ['/labels/preorder', 'PREORDER'], ['/labels/comingSoon', 'COMING SOON'], ['/labels/reserved', 'Reserved'],
    ['/labels/locatedAt', 'Located at {city}'], ['/labels/mobileEnquireButton', 'Enquire Now'], ['/labels/reserveCarNow', 'Reserve Car Now'],
    ['/labels/reserveNow', 'Reserve Now'], ['/labels/buyOnline', 'Buy Online'], ['/labels/onlinePurchase', 'Online Purchase'],
    ['/labels/getFinance', 'Get Finance'], ['/labels/preApproved', 'Pre-Approved'], ['/labels/enquireForFinance', 'Enquire for Finance'],
    ['/labels/watchlistSaved', 'Car Saved In Watchlist'], ['/labels/watchlistRemoved', 'Car Removed'],
    ['/labels/save', 'SAVE'], ['/labels/saved', 'SAVED'], ['/labels/compare', 'Compare'],
    ['/labels/locationsHeading', 'Find Us Here'], ['/labels/closed', 'Closed'], ['/labels/byAppointmentOnly', 'By appointment only'],
    // Section 5 and 8 words: forms and their errors.
    ['/labels/commentsLabel', 'Comments'], ['/labels/dealershipRequired', '*Please select a dealership location.'],
    ['/labels/termsRequired', '* You must agree to the terms of use before submitting the form.'],
    ['/labels/requestPhotosDefault', 'Please send photos for this car'], ['/labels/formErrorHeading', 'Please fix the following errors:'],
    ['/labels/submitError', 'An error occurred when submitting this form'],
    ['/limits/tradeInMaxAgeYears', 7], ['/limits/tradeInMaxKm', 100000],
    // Section 9 constants.
    ['/limits/mobileBarStyleOffset', 900], ['/limits/driverAssistShown', 6], ['/limits/videoSlidePosition', 'second'],
    ['/limits/fuelPricePerLitre', 1.7], ['/limits/fuelKmPerWeek', 250], ['/limits/fuelFallbackLitresPer100Km', 10],
    ['/limits/salesPerDay', 192], ['/limits/salesSecondsPerExtra', 450], ['/limits/salesRefreshSeconds', 150],
    ['/limits/spinIntervalMs', 100], ['/limits/imageWidth', 640], ['/limits/imageQuality', 75],
    ['/finance/calculator/loanAmount', { min: 1000, max: 100000, step: 500, default: 30000 }],
    ['/finance/calculator/purchasePrice', { min: 1000, max: 250000 }],
    ['/finance/calculator/termYears', { min: 1, max: 7, step: 0.5, default: 6 }],
    ['/finance/calculator/interestRate', { min: 0.5, max: 15, step: 0.5 }],
    ['/finance/calculator/deposit', { min: 0, max: 250000 }], ['/finance/calculator/residual', { min: 0, max: 250000 }],
    ['/finance/calculator/minRepayment', 25],
    ['/finance/calculator/frequencies', [{ label: 'Weekly', perYear: 52 }, { label: 'Fortnightly', perYear: 26 }, { label: 'Monthly', perYear: 12 }]],
    ['/finance/estimate/termYears', 5], ['/finance/estimate/depositPercent', 10], ['/finance/estimate/balloonPercent', 30],
    ['/finance/estimate/weeksPerMonth', 4.33],
    ['/content/warrantySection', ['7-year unlimited-kilometre warranty', '7-year capped-price servicing', 'Up to 7 years roadside assistance']],
    ['/content/blogCategories', ['Vehicle Reviews', 'Buyer Advice', 'Motoring Tips', 'Servicing Insights']],
  ])('%s defaults to the spec value', (pointer, expected) => {
    expect(schemaDocAt(pointer)?.default).toEqual(expected);
  });

  it('the money quick picks run from $5,000 to $70,000, and the comparison-rate example is a 5-year secured loan of $30,000', () => {
    const picks = schemaDocAt('/limits/moneyQuickPicks')?.default as number[];
    expect([picks[0], picks.at(-1)]).toEqual([5000, 70000]);
    expect(schemaDocAt('/finance/comparisonRateExample')?.default).toContain('5-year secured loan of $30,000');
  });
});
