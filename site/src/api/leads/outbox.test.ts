import { afterEach, describe, expect, test, vi } from 'vitest';
import { outboxKey, readOutbox, sendLead, sendWithoutKeeping } from './outbox.ts';

/*
 * A submission sent without keeping (a credit check's identity): sent once, and whatever the
 * answer, or with none, nothing of it is left in the browser's storage; without an answer the
 * form gets the "not sent" message to show. A lead sent through the outbox, by contrast, waits
 * in storage for a resend when offline.
 */

const NOT_SENT = 'We could not reach Alpha Motors just now. Nothing was saved on this device: please check your connection and send again.';
const IDENTITY = { car_id: 7, date_of_birth: '1988-03-14', licence_number: 'AB123456', licence_state: 'VIC', consent: true };

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** Everything the page keeps in its storage, as text. */
const storedText = () => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage });

describe('sending without keeping', () => {
  test('offline: refused with the message to show, and nothing of it is stored', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const result = await sendWithoutKeeping('/api/finance/credit-check', IDENTITY, NOT_SENT);
    expect(result).toEqual({ kind: 'refused', status: 0, message: NOT_SENT, fields: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(storedText()).not.toContain('1988-03-14');
    expect(storedText()).not.toContain('AB123456');
    expect(readOutbox('alpha-motors')).toEqual([]);
  });

  test('a busy server (503) is not retried later from storage either; a 201 is sent', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'busy' }), { status: 503, headers: { 'retry-after': '5' } }))));
    expect(await sendWithoutKeeping('/api/finance/credit-check', IDENTITY, NOT_SENT)).toEqual({ kind: 'refused', status: 503, message: NOT_SENT, fields: [] });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ lead_id: 41, consented_at: '2026-11-29T02:00:00.000Z' }), { status: 201 }))));
    const sent = await sendWithoutKeeping('/api/finance/credit-check', IDENTITY, NOT_SENT);
    expect(sent.kind).toBe('sent');
    expect(sent.kind === 'sent' && sent.body).toEqual({ lead_id: 41, consented_at: '2026-11-29T02:00:00.000Z' });
    expect(storedText()).not.toContain('AB123456');
  });

  test('a refusal names the fields the server named', async () => {
    const refusal = { error: 'Invalid body: date_of_birth: you must be 18 or older', fields: [{ path: 'date_of_birth', message: 'you must be 18 or older' }] };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 400 }))));
    expect(await sendWithoutKeeping('/api/finance/credit-check', IDENTITY, NOT_SENT)).toEqual({ kind: 'refused', status: 400, message: '', fields: refusal.fields });
  });

  test("a refusal's words for the shopper are its message, never its summary for programs", async () => {
    const refusal = { error: 'Please agree to the credit check for this car first.', message: 'Please agree to the credit check for this car first.' };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 409 }))));
    expect(await sendWithoutKeeping('/api/finance/credit-check', IDENTITY, NOT_SENT)).toEqual({ kind: 'refused', status: 409, message: refusal.message, fields: [] });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'No lead 12 on this site' }), { status: 404 }))));
    expect(await sendWithoutKeeping('/api/finance/credit-check', IDENTITY, NOT_SENT)).toEqual({ kind: 'refused', status: 404, message: '', fields: [] });
  });

  test('by contrast, a lead sent through the outbox waits in storage when offline', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
      const result = await sendLead('alpha-motors', '/api/leads', { form: 'enquiry', name: 'Kim', email: 'kim@example.com' });
      expect(result.kind).toBe('queued');
      expect(window.localStorage.getItem(outboxKey('alpha-motors'))).toContain('kim@example.com');
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
    }
  });
});
