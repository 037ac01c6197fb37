import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import DeliveryCalculator from './index.tsx';

/** A promise a test settles when it chooses (holds a call open). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const SORRY = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let answer: () => Promise<Response>;
const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());

beforeEach(() => {
  answer = async () => json({ postcode: '3000', price: 900, region: 'Metro Melbourne', distance_km: 684, message: null });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

async function renderCalculator() {
  renderWithApp(<DeliveryCalculator carId={7} />, { tenant: tenantFixture() });
  return (await screen.findByRole('textbox', { name: 'Postcode' })) as HTMLInputElement;
}

describe('delivery calculator (spec §5)', () => {
  test('no postcode: "Please enter a postcode." under the field, tied to it, focus back in the field, nothing asked', async () => {
    const input = await renderCalculator();
    fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
    const error = await screen.findByText('Please enter a postcode.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(input);
    expect(fetchMock).not.toHaveBeenCalled();
    // Typing clears the message.
    fireEvent.change(input, { target: { value: '3' } });
    expect(screen.queryByText('Please enter a postcode.')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  test('the postcode input keeps digits only, at most 4, no separators; fewer than 4 is the postcode message', async () => {
    const input = await renderCalculator();
    expect(input.inputMode).toBe('numeric');
    fireEvent.change(input, { target: { value: '3,0a00 9' } });
    expect(input.value).toBe('3000');
    fireEvent.change(input, { target: { value: '30a' } });
    expect(input.value).toBe('30');
    fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
    expect(await screen.findByText('Invalid postcode. Please enter a 4-digit number.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a postcode with an estimate: loading state, then the price and region', async () => {
    const answerLater = deferred<Response>();
    answer = () => answerLater.promise;
    const input = await renderCalculator();
    fireEvent.change(input, { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
    const busy = await screen.findByRole('button', { name: 'Calculating…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/delivery?postcode=3000&car_id=7');
    answerLater.resolve(json({ postcode: '3000', price: 900, region: 'Metro Melbourne', distance_km: 684, message: null }));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Delivery to Metro Melbourne (3000)'));
    expect(screen.getByTestId('delivery-price').textContent).toBe('$900');
    expect(screen.getByRole('button', { name: 'Get estimate' })).toBeTruthy();
  });

  test('free delivery in the local area reads Free', async () => {
    answer = async () => json({ postcode: '2150', price: 0, region: 'Auburn local area', distance_km: 5, message: null });
    const input = await renderCalculator();
    fireEvent.change(input, { target: { value: '2150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
    expect((await screen.findByTestId('delivery-price')).textContent).toBe('Free');
  });

  test('no estimate, or a failed lookup: the spec’s sorry message', async () => {
    answer = async () => json({ postcode: '6798', price: null, region: null, distance_km: null, message: SORRY });
    const input = await renderCalculator();
    fireEvent.change(input, { target: { value: '6798' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
    expect((await screen.findByTestId('delivery-none')).textContent).toBe(SORRY);

    answer = async () => json({ error: 'boom' }, 500);
    fireEvent.change(input, { target: { value: '4000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get estimate' }));
    await waitFor(() => expect(screen.getByTestId('delivery-none').textContent).toBe(SORRY), { timeout: 5000 });
  });
});
