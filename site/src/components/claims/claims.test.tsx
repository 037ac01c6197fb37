import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { TenantProvider } from '../../lib/tenant-context.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { Claims } from './claims.tsx';

afterEach(cleanup);

const CLAIMS = [
  { value: '50+', label: 'Locations' },
  { value: '40+', label: 'Brands' },
  { value: '30+', label: 'Years' },
];

it("shows each of the group's claims, value then label, under a heading for screen readers", () => {
  const tenant = tenantFixture({ content: { claims: CLAIMS } } as never);
  render(
    <TenantProvider tenant={tenant}>
      <Claims tone="dark" heading="Test Motor Group in numbers" />
    </TenantProvider>,
  );
  const region = screen.getByRole('region', { name: 'Test Motor Group in numbers' });
  expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['50+Locations', '40+Brands', '30+Years']);
});

it('renders nothing for a tenant without claims', () => {
  const { container } = render(
    <TenantProvider tenant={tenantFixture({ content: { claims: [] } } as never)}>
      <Claims tone="light" heading="At a glance" />
    </TenantProvider>,
  );
  expect(container.innerHTML).toBe('');
});
