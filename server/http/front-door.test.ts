import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createFrontDoor } from './front-door.ts';

/*
 * The front door on a driven clock: a client refused more than 30 times in ten seconds is turned
 * away for a minute before routing, each turned-away request held a second; a client that waits
 * as it is told is never turned away.
 */

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-29T05:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

/** A request and its response as the front door sees them, recording what is written. */
function exchange(method = 'GET') {
  const req = { method } as unknown as IncomingMessage;
  const written: { status?: number; headers?: Record<string, string>; body?: string } = {};
  const res = Object.assign(new EventEmitter(), {
    destroyed: false,
    headersSent: false,
    writeHead(status: number, headers: Record<string, string>) {
      written.status = status;
      written.headers = headers;
      res.headersSent = true;
      return res;
    },
    end(body?: string) {
      written.body = body;
      res.emit('close');
    },
    destroy() {
      res.destroyed = true;
      res.emit('close');
    },
  });
  return { req, res: res as unknown as ServerResponse, written };
}

const CRAWLER = '203.0.113.7';
const OTHER = '198.51.100.20';

describe('the front door', () => {
  test('an address refused 30 times within ten seconds is still routed; after the 31st it is turned away, held a second and told when to return', async () => {
    const door = createFrontDoor();
    for (let i = 0; i < 30; i++) {
      expect(await door.turnAway(CRAWLER, exchange().req, exchange().res)).toBe(false);
      door.answered(CRAWLER, i % 2 ? 503 : 429);
      vi.advanceTimersByTime(100);
    }
    expect(await door.turnAway(CRAWLER, exchange().req, exchange().res)).toBe(false);
    door.answered(CRAWLER, 503);

    const turned = exchange();
    expect(await door.turnAway(CRAWLER, turned.req, turned.res)).toBe(true);
    expect(door.held).toBe(1);
    vi.advanceTimersByTime(999);
    expect(turned.written.status).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(turned.written.status).toBe(429);
    // Turned away for a minute from the 31st refusal; a second of it went on the hold.
    expect(turned.written.headers).toMatchObject({ 'Retry-After': '59', 'Cache-Control': 'no-store' });
    expect(turned.written.body).toContain('Please try again in 59 seconds');
    expect(door.held).toBe(0);

    // Other addresses are routed as before.
    expect(await door.turnAway(OTHER, exchange().req, exchange().res)).toBe(false);
  });

  test('the address is turned away for one minute, then routed again', async () => {
    const door = createFrontDoor();
    for (let i = 0; i < 31; i++) door.answered(CRAWLER, 503);
    await Promise.resolve();
    vi.advanceTimersByTime(59_000);
    const late = exchange();
    expect(await door.turnAway(CRAWLER, late.req, late.res)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(late.written.headers?.['Retry-After']).toBe('1');
    expect(await door.turnAway(CRAWLER, exchange().req, exchange().res)).toBe(false);
  });

  test('three connections that each wait the second they are told are never turned away', async () => {
    const door = createFrontDoor();
    for (let second = 0; second < 120; second++) {
      for (let connection = 0; connection < 3; connection++) {
        expect(await door.turnAway(CRAWLER, exchange().req, exchange().res)).toBe(false);
        door.answered(CRAWLER, 503);
      }
      vi.advanceTimersByTime(1_000);
    }
  });

  test('answers that are not refusals never count', async () => {
    const door = createFrontDoor();
    for (const status of [200, 201, 304, 400, 401, 404, 409, 500]) for (let i = 0; i < 40; i++) door.answered(CRAWLER, status);
    expect(await door.turnAway(CRAWLER, exchange().req, exchange().res)).toBe(false);
  });

  test("this machine's own addresses are never turned away", async () => {
    const door = createFrontDoor();
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (let i = 0; i < 100; i++) door.answered(address, 503);
      expect(await door.turnAway(address, exchange().req, exchange().res)).toBe(false);
    }
  });

  test('past the most requests it holds, the door answers at once', async () => {
    const door = createFrontDoor({ maxHeld: 2 });
    for (let i = 0; i < 31; i++) door.answered(CRAWLER, 429);
    await Promise.resolve();
    const [a, b, c] = [exchange(), exchange(), exchange('HEAD')];
    for (const x of [a, b, c]) expect(await door.turnAway(CRAWLER, x.req, x.res)).toBe(true);
    expect(door.held).toBe(2);
    expect(c.written.status).toBe(429);
    expect(c.written.headers?.['Retry-After']).toBe('60');
    expect(c.written.body).toBeUndefined();
    expect(a.written.status).toBeUndefined();
  });

  test('a held client that goes away is forgotten, and closing the door lets go of the rest', async () => {
    const door = createFrontDoor();
    for (let i = 0; i < 31; i++) door.answered(CRAWLER, 429);
    await Promise.resolve();
    const [gone, waiting] = [exchange(), exchange()];
    await door.turnAway(CRAWLER, gone.req, gone.res);
    await door.turnAway(CRAWLER, waiting.req, waiting.res);
    (gone.res as unknown as EventEmitter).emit('close');
    expect(door.held).toBe(1);
    door.close();
    expect(door.held).toBe(0);
    expect((waiting.res as unknown as { destroyed: boolean }).destroyed).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(gone.written.status).toBeUndefined();
  });
});
