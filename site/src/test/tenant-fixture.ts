import { resolveTenant } from '../../../schema/resolve.ts';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import type { TenantConfig } from '../../../schema/tenant.gen.ts';

/** A small valid dealer-group tenant for component tests; `overrides` are merged shallowly per group. */
export function tenantFixture(overrides: Partial<TenantConfig> = {}): ResolvedTenant {
  const base: TenantConfig = {
    slug: 'test-motor-group',
    name: 'Test Motor Group',
    template: 'dealer-group',
    siteUrl: 'https://www.testmotorgroup.com.au',
    dealer: {
      dealerships: [
        { slug: 'test-toyota', name: 'Test Toyota', makes: ['Toyota'], dealerLicenceNumber: 'MD1001' },
        { slug: 'test-mazda', name: 'Test Mazda', makes: ['Mazda', 'Mercedes-Benz'], dealerLicenceNumber: 'MD1002' },
      ],
      locations: [
        {
          slug: 'test-toyota-newstead',
          name: 'Test Toyota Newstead',
          dealershipSlug: 'test-toyota',
          primary: true,
          address: { street: '1 Breakfast Creek Road', suburb: 'Newstead', state: 'QLD', postcode: '4006', lat: -27.44, long: 153.04 },
          phone: '07 5550 1100',
        },
      ],
    },
  } as TenantConfig;
  return resolveTenant({ ...base, ...overrides } as TenantConfig);
}
