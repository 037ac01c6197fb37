import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { downloadCarPdf } from './download-pdf.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function refusal(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('downloadCarPdf', () => {
  it('saves the sheet as the car\'s slug and lets its object URL go later', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf' } }));
      vi.stubGlobal('fetch', fetch);
      const created = vi.fn(() => 'blob:sheet');
      const revoked = vi.fn();
      const { createObjectURL, revokeObjectURL } = URL;
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
      onTestFinished(() => {
        Object.assign(URL, { createObjectURL, revokeObjectURL });
      });
      const clicked: { href: string; download: string }[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.href, download: this.download });
      });
      await downloadCarPdf('2021-toyota-corolla-ascent-a1');
      expect(fetch).toHaveBeenCalledWith('/api/cars/2021-toyota-corolla-ascent-a1/pdf', { credentials: 'same-origin' });
      expect(clicked).toEqual([{ href: 'blob:sheet', download: '2021-toyota-corolla-ascent-a1.pdf' }]);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revoked).not.toHaveBeenCalled();
      vi.advanceTimersByTime(10_000);
      expect(revoked).toHaveBeenCalledWith('blob:sheet');
      click.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with the words a refusal wrote for the shopper, or a sentence of its own, never the summary for programs', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => refusal({ error: 'Rate limit: /api/cars/x/pdf', message: 'Too many requests. Please wait a moment and try again.' }, 429)));
    await expect(downloadCarPdf('x')).rejects.toThrow(/^Too many requests\. Please wait a moment and try again\.$/);
    vi.stubGlobal('fetch', vi.fn(async () => refusal({ error: 'No car x on this site' }, 404)));
    await expect(downloadCarPdf('x')).rejects.toThrow(/^The PDF could not be prepared\. Please try again\.$/);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Bad gateway', { status: 502 })));
    await expect(downloadCarPdf('x')).rejects.toThrow(/^The PDF could not be prepared\. Please try again\.$/);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(downloadCarPdf('x')).rejects.toThrow(/^The PDF could not be downloaded\. Please check your connection and try again\.$/);
  });
});
