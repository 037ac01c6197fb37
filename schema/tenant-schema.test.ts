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
  ])('%s defaults to the spec value', (pointer, expected) => {
    expect(schemaDocAt(pointer)?.default).toEqual(expected);
  });
});
