import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import FinanceCalculator from './index.tsx';

const quote = async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(JSON.stringify({ kind: 'repayment', repayment: 120, totalPayable: 37440, financed: 43000, perYear: 52 }), { status: 200, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(quote);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  fetchMock.mockImplementation(quote);
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

describe('finance calculator sliders (spec §9)', () => {
  test('a tenant whose term and rate ranges name no step gets the spec\'s 0.5 steps', async () => {
    const tenant = tenantFixture({ finance: { calculator: { termYears: { min: 1, max: 5, default: 5 }, interestRate: { min: 4, max: 20, default: 10 } } } } as never);
    renderWithApp(<FinanceCalculator tenant={tenant} carId={7} price={42990} lenderRate={null} />, { tenant });
    const term = (await screen.findByRole('slider', { name: /Loan term/ })) as HTMLInputElement;
    const rate = screen.getByRole('slider', { name: /Interest rate/ }) as HTMLInputElement;
    expect({ min: term.min, max: term.max, step: term.step, value: term.value }).toEqual({ min: '1', max: '5', step: '0.5', value: '5' });
    expect({ min: rate.min, max: rate.max, step: rate.step, value: rate.value }).toEqual({ min: '4', max: '20', step: '0.5', value: '10' });
  });
});

describe('finance calculator deposit above the tenant maximum', () => {
  test("the platform's refusal reads in the calculator's words and marks the deposit field", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const deposit = typeof init?.body === 'string' ? (JSON.parse(init.body) as { deposit?: number }).deposit : undefined;
      if (deposit === undefined || deposit <= 250_000) return quote(input);
      // The platform's 400: a summary for logs and the field with the calculator's own words.
      const message = 'Deposit or trade-in cannot be less than $0 or more than $250,000.';
      return new Response(JSON.stringify({ error: `Invalid body: deposit: ${message}`, fields: [{ path: 'deposit', message }] }), { status: 400, headers: { 'content-type': 'application/json' } });
    });
    {
      await renderCalculator();
      await screen.findByTestId('finance-repayment');
      const deposit = screen.getByRole('spinbutton', { name: /Deposit or trade-in/ });
      fireEvent.change(deposit, { target: { value: '300000' } });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Deposit or trade-in cannot be less than $0 or more than $250,000.');
      expect(deposit.getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(deposit, { target: { value: '5000' } });
      await screen.findByTestId('finance-repayment');
      expect(deposit.hasAttribute('aria-invalid')).toBe(false);
    }
  });
});

describe('finance calculator: a refused field without its name in the message', () => {
  test('is named by the calculator’s label', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ error: 'Invalid body: termYears: Too big: expected number to be <=7', fields: [{ path: 'termYears', message: 'Must be 7 or less.' }] }), { status: 400, headers: { 'content-type': 'application/json' } }));
    await renderCalculator();
    expect((await screen.findByRole('alert')).textContent).toBe('Loan term: Must be 7 or less.');
  });
});

describe('finance calculator: a quote the platform could not give', () => {
  test('reads in plain words, never the address and status of the call', async () => {
    fetchMock.mockImplementation(async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await renderCalculator();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('An unexpected error occured');
  });
});

describe('finance calculator deposit and residual start', () => {
  test("a dealer's least deposit and residual are where the calculator starts, so its first quote is one the platform takes", async () => {
    const tenant = tenantFixture({ finance: { calculator: { deposit: { min: 2000, max: 60000 }, residual: { min: 500, max: 40000 } } } } as never);
    renderWithApp(<FinanceCalculator tenant={tenant} carId={7} price={42990} lenderRate={null} />, { tenant });
    expect(((await screen.findByRole('spinbutton', { name: /Deposit or trade-in/ })) as HTMLInputElement).value).toBe('2000');
    expect((screen.getByRole('spinbutton', { name: /Residual/ }) as HTMLInputElement).value).toBe('500');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { deposit: number; residual: number };
    expect({ deposit: body.deposit, residual: body.residual }).toEqual({ deposit: 2000, residual: 500 });
  });
});
