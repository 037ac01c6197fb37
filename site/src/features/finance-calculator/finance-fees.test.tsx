import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { resolveTenant } from '../../../../schema/resolve.ts';
import type { TenantConfig } from '../../../../schema/tenant.gen.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import FinanceCalculator from './index.tsx';

// Spec §9: "One site lists fees: $395 establishment, $6 security registration, $8 monthly admin,
// $912.25 dealer agency fee". That site is Big Lot; its calculator lists them under the result.

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ kind: 'repayment', repayment: 120, totalPayable: 37440, financed: 30000, perYear: 52 }), { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("Big Lot's calculator lists the four fees of spec §9, the admin fee per month", async () => {
  const bigLot = resolveTenant(JSON.parse(readFileSync(path.resolve('tenants/big-lot-car-superstore.json'), 'utf8')) as TenantConfig);
  renderWithApp(<FinanceCalculator tenant={bigLot} carId={7} price={42990} lenderRate={null} />, { tenant: bigLot });
  const fees = await screen.findByRole('list', { name: 'Fees' });
  expect(within(fees).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Establishment fee: $395',
    'Security registration: $6',
    'Monthly admin fee: $8 per month',
    'Dealer agency fee: $912.25',
  ]);
});

test('a site without fees lists none', async () => {
  const tenant = tenantFixture({ finance: { provider: 'demo-finance', providerName: 'Demo Finance' } } as never);
  renderWithApp(<FinanceCalculator tenant={tenant} carId={7} price={42990} lenderRate={null} />, { tenant });
  await screen.findByRole('textbox', { name: 'Purchase price' });
  expect(screen.queryByRole('list', { name: 'Fees' })).toBeNull();
});
