import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { carFixture } from '../../test/car-fixture.ts';
import { renderWithApp } from '../../test/render.tsx';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import PrintSheet, { type PrintSheetProps } from './index.tsx';

/** A promise a test settles when it chooses (holds a call open). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const tenant = tenantFixture();
const props: PrintSheetProps = {
  car: carFixture(),
  title: '2021 Toyota Corolla Ascent Sport',
  price: { text: '$26,990', wasText: '$27,990', priced: true },
  available: true,
  keyInformation: [
    { label: 'Stock number', value: 'U1042' },
    { label: 'Kilometres', value: '38,500 km' },
  ],
  specifications: [{ label: 'Cylinders', value: '4' }],
  comments: 'One owner with full service history.\n\nDrives beautifully.',
  commentsTitle: 'Dealer Comments',
};

type Analytics = Window & { dataLayer?: { event_id: number; format?: string }[] };
const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  (window as Analytics).dataLayer = [];
  URL.createObjectURL = vi.fn(() => 'blob:car-pdf');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

describe('print sheet (spec §2 /print, §4, §7, §8)', () => {
  test('the sheet: title, price with was-price, photo, key facts, specifications, features, comments, location and phone', async () => {
    renderWithApp(<PrintSheet {...props} />, { tenant });
    expect(await screen.findByRole('heading', { level: 1, name: '2021 Toyota Corolla Ascent Sport' })).toBeTruthy();
    expect(screen.getByTestId('print-price').textContent).toBe('$26,990was $27,990Drive Away');
    expect(screen.getByRole('img', { name: '2021 Toyota Corolla Ascent Sport' })).toBeTruthy();
    for (const name of ['Key information', 'Specifications', 'Features', 'Dealer Comments']) expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect(screen.getByText('38,500 km', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('Apple CarPlay')).toBeTruthy();
    expect(screen.getByText('Drives beautifully.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '07 5550 1100' }).getAttribute('href')).toBe('tel:0755501100');
    expect(screen.getByText('https://www.testmotorgroup.com.au/cars/2021-toyota-corolla-ascent-sport-42')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to the car' }).getAttribute('href')).toBe('/cars/2021-toyota-corolla-ascent-sport-42');
  });

  test('a sold car says SOLD instead of a price', async () => {
    renderWithApp(<PrintSheet {...props} available={false} />, { tenant });
    expect((await screen.findByTestId('print-price')).textContent).toBe('SOLD');
  });

  test('Print opens the print dialog and sends analytics event 61', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithApp(<PrintSheet {...props} />, { tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect((window as Analytics).dataLayer?.map((event) => event.event_id)).toEqual([61]);
  });

  test("Download PDF reads 'Preparing...' while the car's PDF downloads, then saves it as {slug}.pdf", async () => {
    const answerLater = deferred<Response>();
    fetchMock.mockImplementationOnce(() => answerLater.promise);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.href} ${this.download}`);
    });
    renderWithApp(<PrintSheet {...props} />, { tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    const busy = await screen.findByRole('button', { name: 'Preparing...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/cars/2021-toyota-corolla-ascent-sport-42/pdf');
    answerLater.resolve(new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(clicked).toEqual(['blob:car-pdf 2021-toyota-corolla-ascent-sport-42.pdf']);
  });

  test('a failed download is a browser alert with the message (spec §8): the one the platform wrote for the shopper, else a plain sentence', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const refusals = [
      { body: { error: 'This car is no longer listed on this site.', message: 'This car is no longer listed on this site.' }, status: 404, shown: 'This car is no longer listed on this site.' },
      { body: { error: 'Invalid path: slug: Too big: expected string to have <=200 characters' }, status: 400, shown: 'The PDF could not be prepared. Please try again.' },
    ];
    renderWithApp(<PrintSheet {...props} />, { tenant });
    for (const refusal of refusals) {
      fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(refusal.body), { status: refusal.status, headers: { 'content-type': 'application/json' } }));
      fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(alert).toHaveBeenLastCalledWith(refusal.shown));
    }
    expect(alert).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });
});
