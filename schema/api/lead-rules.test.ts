import { describe, expect, test } from 'vitest';
import { departmentDealerships, departmentLocations, leadFormShape, leadRuleIssues, preselectedOption, type LeadRuleSite } from './lead-rules.ts';

// The dealer structure of three demo tenants (tenants/*.json), with the schema's default labels.
const labels = { termsRequired: '* You must agree to the terms of use before submitting the form.', dealershipRequired: '*Please select a dealership location.' };
type Loc = LeadRuleSite['dealer']['locations'][number];
const loc = (slug: string, dealershipSlug: string, type: Loc['type']): Loc => ({ slug, name: slug, dealershipSlug, type, visible: true });
const site = (dealerships: string[], locations: Loc[], features: Partial<LeadRuleSite['features']> = {}): LeadRuleSite => ({
  features: { enquiryCommentsRequired: true, enquiryTermsRequired: false, ...features },
  labels,
  dealer: { dealerships: dealerships.map((slug) => ({ slug, name: slug === 'range-road-kia' ? 'Range Road Kia' : slug })), locations },
});
/** range-road-kia: one dealership, terms required. */
const kia = site(['range-road-kia'], [loc('range-road-kia-toowoomba', 'range-road-kia', 'sales'), loc('range-road-kia-service', 'range-road-kia', 'service-and-parts')], { enquiryTermsRequired: true });
/** harbourside-motor-group: four dealerships. */
const harbourside = site(
  ['harbourside-toyota', 'harbourside-mazda', 'harbourside-hyundai', 'harbourside-used-cars'],
  [
    loc('harbourside-toyota-newstead', 'harbourside-toyota', 'sales'),
    loc('harbourside-toyota-service-newstead', 'harbourside-toyota', 'service-and-parts'),
    loc('harbourside-mazda-springwood', 'harbourside-mazda', 'sales'),
    loc('harbourside-mazda-service-springwood', 'harbourside-mazda', 'service'),
    loc('harbourside-hyundai-southport', 'harbourside-hyundai', 'sales'),
    loc('harbourside-hyundai-parts-southport', 'harbourside-hyundai', 'parts'),
    loc('harbourside-used-cars-eagle-farm', 'harbourside-used-cars', 'sales'),
  ],
);
/** redline-motorcycles: one dealership, two sales yards and a workshop. */
const who = { name: 'Priya', email: 'priya@example.com', postcode: '4000' };
const redline = site(['redline-motorcycles'], [loc('redline-osborne-park', 'redline-motorcycles', 'sales'), loc('redline-midland', 'redline-motorcycles', 'sales'), loc('redline-osborne-park-workshop', 'redline-motorcycles', 'service-and-parts')]);

describe('spec §5 enquiry form rules', () => {
  test('Comments are required unless configured otherwise', () => {
    const base = { form: 'enquiry', car_id: 1, ...who };
    expect(leadRuleIssues(harbourside, base)).toEqual([{ path: 'message', message: 'Please enter your comments.' }]);
    expect(leadRuleIssues(harbourside, { ...base, message: '   ' })).toEqual([{ path: 'message', message: 'Please enter your comments.' }]);
    expect(leadRuleIssues(harbourside, { ...base, message: 'Is it available?' })).toEqual([]);
    const relaxed = { ...harbourside, features: { ...harbourside.features, enquiryCommentsRequired: false } };
    expect(leadRuleIssues(relaxed, base)).toEqual([]);
  });

  test("terms are enforced where the dealer requires them, with the spec's message", () => {
    const lead = { form: 'enquiry', car_id: 1, message: 'Hi', ...who };
    expect(leadRuleIssues(kia, lead)).toEqual([{ path: 'terms_conditions', message: '* You must agree to the terms of use before submitting the form.' }]);
    expect(leadRuleIssues(kia, { ...lead, terms_conditions: true })).toEqual([]);
    expect(leadRuleIssues(harbourside, lead)).toEqual([]);
  });

  test("a lead without a car must pick a dealership: '*Please select a dealership location.'", () => {
    const lead = { form: 'enquiry', message: 'Hi', category: 'General Enquiry', ...who };
    expect(leadRuleIssues(harbourside, lead)).toEqual([{ path: 'dealership_slug', message: '*Please select a dealership location.' }]);
    expect(leadRuleIssues(harbourside, { ...lead, dealership_slug: 'nowhere' })).toEqual([{ path: 'dealership_slug', message: '*Please select a dealership location.' }]);
    expect(leadRuleIssues(harbourside, { ...lead, dealership_slug: 'harbourside-mazda' })).toEqual([]);
  });

  test('a single dealership is preselected, so leaving it out means that one', () => {
    expect(departmentDealerships(kia, 'sales')).toEqual([{ value: 'range-road-kia', label: 'Range Road Kia' }]);
    expect(preselectedOption(departmentDealerships(kia, 'sales'))).toBe('range-road-kia');
    expect(preselectedOption(departmentDealerships(harbourside, 'sales'))).toBe('');
    expect(preselectedOption(departmentDealerships(harbourside, 'sales'), 'harbourside-toyota')).toBe('harbourside-toyota');
    expect(leadRuleIssues(kia, { form: 'enquiry', message: 'Hi', category: 'General Enquiry', terms_conditions: true, ...who })).toEqual([]);
  });

  test('a dealership with two yards asks which one; the location must be one of them', () => {
    expect(departmentLocations(redline, 'sales').map((l) => l.value)).toEqual(['redline-osborne-park', 'redline-midland']);
    const lead = { form: 'enquiry', message: 'Hi', category: 'Sales Enquiry', dealership_slug: 'redline-motorcycles', ...who };
    expect(leadRuleIssues(redline, lead)).toEqual([{ path: 'location', message: '*Please select a dealership location.' }]);
    expect(leadRuleIssues(redline, { ...lead, location: 'redline-osborne-park-workshop' })).toEqual([{ path: 'location', message: '*Please select a dealership location.' }]);
    expect(leadRuleIssues(redline, { ...lead, location: 'redline-midland' })).toEqual([]);
  });

  test('service forms offer only dealerships with a workshop', () => {
    expect(departmentDealerships(harbourside, 'service').map((d) => d.value)).toEqual(['harbourside-toyota', 'harbourside-mazda']);
    expect(departmentDealerships(harbourside, 'parts').map((d) => d.value)).toEqual(['harbourside-toyota', 'harbourside-hyundai']);
  });

  test('the category is asked on the general enquiry only', () => {
    expect(leadFormShape(harbourside, 'enquiry', false).categoryShown).toBe(true);
    expect(leadFormShape(harbourside, 'enquiry', true).categoryShown).toBe(false);
    expect(leadRuleIssues(kia, { form: 'enquiry', message: 'Hi', terms_conditions: true, ...who })).toEqual([{ path: 'category', message: 'Please select what your enquiry is about.' }]);
  });

  test('request-photos has its hidden default text, so Comments are not asked; later steps are not asked again', () => {
    expect(leadRuleIssues(harbourside, { form: 'request_photos', car_id: 1, phone: '0412 345 678' })).toEqual([]);
    expect(leadRuleIssues(kia, { form: 'parts', lead_id: 4 })).toEqual([]); // a middle step
  });
});

test('a site without a parts counter takes parts orders at its yards', () => {
  const single = { ...redline, dealer: { ...redline.dealer, locations: redline.dealer.locations.filter((l) => l.type === 'sales') } };
  expect(departmentDealerships(single, 'parts').map((d) => d.value)).toEqual(['redline-motorcycles']);
  expect(departmentLocations(single, 'parts').map((l) => l.value)).toEqual(['redline-osborne-park', 'redline-midland']);
});

test('a way to reach the shopper and, on the enquiry, a 4-digit postcode are asked first', () => {
  expect(leadRuleIssues(harbourside, { form: 'enquiry', car_id: 1, message: 'Hi', name: 'A' })).toEqual([
    { path: 'email', message: 'Please enter an email address or phone number.' },
    { path: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' },
  ]);
  expect(leadRuleIssues(harbourside, { form: 'trade_in', email: 'a@example.com' })).toEqual([{ path: 'name', message: 'Please enter your name.' }]);
});

test('a multi-step parts order asks contact first and the order details and terms on the step that completes it', () => {
  expect(leadRuleIssues(kia, { form: 'parts', ...who })).toEqual([]);
  expect(leadRuleIssues(kia, { form: 'parts', lead_id: 3, form_completed: true })).toEqual([
    { path: 'Order Detail', message: 'Please enter your order details.' },
    { path: 'terms_conditions', message: '* You must agree to the terms of use before submitting the form.' },
  ]);
  expect(leadRuleIssues(kia, { form: 'parts', lead_id: 3, form_completed: true, 'Order Detail': '2 wiper blades', terms_conditions: true })).toEqual([]);
});

describe('spec §5 test-drive form: a terms field only if a custom disclaimer exists', () => {
  const disclaimer = 'Drivers must be 21 or over and show a full Australian driver licence.';
  const withDisclaimer = (s: LeadRuleSite): LeadRuleSite => ({ ...s, labels: { ...s.labels, testDriveDisclaimer: disclaimer } });
  const drive = { form: 'test_drive', car_id: 1, ...who };

  test('the terms box is shown on the test drive exactly when the dealer has a disclaimer', () => {
    expect(leadFormShape(harbourside, 'test_drive', true).termsRequired).toBe(false);
    expect(leadFormShape(withDisclaimer(harbourside), 'test_drive', true).termsRequired).toBe(true);
    expect(leadFormShape(withDisclaimer(harbourside), 'test_drive', false).termsRequired).toBe(true);
    // The disclaimer is the test drive's own: the other forms still follow enquiryTermsRequired.
    expect(leadFormShape(withDisclaimer(harbourside), 'enquiry', true).termsRequired).toBe(false);
  });

  test('enquiryTermsRequired alone adds no terms to the test drive', () => {
    expect(leadFormShape(kia, 'enquiry', true).termsRequired).toBe(true);
    expect(leadFormShape(kia, 'test_drive', true).termsRequired).toBe(false);
    expect(leadRuleIssues(kia, drive)).toEqual([]);
  });

  test("an unticked box is refused with the tenant's terms message; a ticked one passes", () => {
    expect(leadRuleIssues(withDisclaimer(harbourside), drive)).toEqual([{ path: 'terms_conditions', message: '* You must agree to the terms of use before submitting the form.' }]);
    expect(leadRuleIssues(withDisclaimer(harbourside), { ...drive, terms_conditions: false })).toEqual([{ path: 'terms_conditions', message: '* You must agree to the terms of use before submitting the form.' }]);
    expect(leadRuleIssues(withDisclaimer(harbourside), { ...drive, terms_conditions: true })).toEqual([]);
    const own = { ...withDisclaimer(harbourside), labels: { ...withDisclaimer(harbourside).labels, termsRequired: 'Please accept our test drive terms.' } };
    expect(leadRuleIssues(own, drive)).toEqual([{ path: 'terms_conditions', message: 'Please accept our test drive terms.' }]);
  });
});
