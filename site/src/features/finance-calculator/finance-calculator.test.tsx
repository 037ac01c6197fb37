import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import FinanceCalculator from './index.tsx';

const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(JSON.stringify({ kind: 'repayment', repayment: 120, totalPayable: 37440, perYear: 52 }), { status: 200, headers: { 'content-type': 'application/json' } }),
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

async function renderCalculator(purchasePrice?: { min: number; max: number }) {
  const tenant = tenantFixture({ finance: { provider: 'demo-finance', providerName: 'Demo Finance', ...(purchasePrice ? { calculator: { purchasePrice } } : {}) } } as never);
  renderWithApp(<FinanceCalculator tenant={tenant} carId={7} price={42990} lenderRate={null} />, { tenant });
  return (await screen.findByRole('textbox', { name: 'Purchase price' })) as HTMLInputElement;
}

function typePrice(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('finance calculator purchase price (spec §5)', () => {
  test('below 1,000 or above 250,000: "cannot be less than the minimum or more than $250,000", tied to the field', async () => {
    const input = await renderCalculator();
    const slider = screen.getByRole('slider', { name: /Loan amount/ }) as HTMLInputElement;
    const before = slider.value;
    typePrice(input, '999');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Purchase price cannot be less than $1,000 or more than $250,000.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(slider.value).toBe(before);
    typePrice(input, '250,001');
    expect((await screen.findByRole('alert')).textContent).toBe('Purchase price cannot be less than $1,000 or more than $250,000.');
  });

  test('a tenant whose provider starts at 5,000 says so', async () => {
    const input = await renderCalculator({ min: 5000, max: 250000 });
    typePrice(input, '4,999');
    expect((await screen.findByRole('alert')).textContent).toBe('Purchase price cannot be less than $5,000 or more than $250,000.');
  });

  test('a price inside the limits clears the message and moves the loan amount', async () => {
    const input = await renderCalculator();
    typePrice(input, '999');
    await screen.findByRole('alert');
    typePrice(input, '$20,000');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((screen.getByRole('slider', { name: /Loan amount/ }) as HTMLInputElement).value).toBe('20000');
    expect(input.value).toBe('20,000');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });
});
