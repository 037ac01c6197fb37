import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { parseTrustedProxies } from './client-address.ts';

/*
 * The front door: turns away, per client address and before any routing, a client that keeps
 * asking after it was told to wait. Every 429 and 503 the platform sends says when to come back
 * (Retry-After, at least a second), so a client that honours it is refused at most about once a
 * second per connection. One that is refused more than `refusals` times within `windowMs` does
 * not wait: for `blockMs` each of its requests is answered here with a fixed 429 (nothing parsed
 * beyond the headers, no tenant, no page cache, no render slot, no database), held for `holdMs`
 * first, so a client that asks again at once is slowed to one request per connection per
 * `holdMs` instead of as many as the main thread can refuse. The connection stays open (keep-alive
 * as the client asked): a client that asks again on it costs no new connection, and one that
 * honours Retry-After leaves it idle until the server's keep-alive timeout closes it.
 *
 * The counts are rate-limiter-flexible's in-memory limiter (per instance on purpose: the answer
 * must cost nothing, and a flood reaches every instance it is spread over anyway). Loopback
 * addresses are never turned away: they are this machine's own tools, its tests, and every client
 * when a proxy on the same machine is not named in TRUSTED_PROXIES (turning that address away
 * would turn away everyone).
 */

/** The front door's settings. */
export interface FrontDoorOptions {
  /** Refusals (429, 503) an address may be given within `windowMs` before it is turned away. */
  refusals: number;
  /** The window the refusals are counted in, ms. */
  windowMs: number;
  /** How long an address that kept asking is turned away, ms. */
  blockMs: number;
  /** How long a turned-away request waits for its answer, ms. */
  holdMs: number;
  /** Turned-away requests held at once; past it, answered at once. */
  maxHeld: number;
}

/**
 * The defaults: three connections that each honour a one-second Retry-After collect at most 30
 * refusals in ten seconds, so 30 is the line; a crawler that ignores it crosses it in a fraction of
 * a second and is turned away for a minute.
 */
export const FRONT_DOOR_DEFAULTS: FrontDoorOptions = { refusals: 30, windowMs: 10_000, blockMs: 60_000, holdMs: 1_000, maxHeld: 1_000 };

/** The front door of one server. */
export interface FrontDoor {
  /**
   * Turns the request away when its address is being turned away (true: it is answered here, do
   * not route it); otherwise false.
   * @param address the client address (server/http/client-address.ts)
   */
  turnAway(address: string, req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /**
   * Notes the status a routed request was answered with: a refusal (429, 503) counts against its address.
   * @param address the client address
   * @param status the answer's status
   */
  answered(address: string, status: number): void;
  /** Requests held right now. */
  readonly held: number;
  /** Answers every held request at once (the server is closing). */
  close(): void;
}

const loopback = parseTrustedProxies('loopback');

/**
 * Creates a front door.
 * @param options limits (FRONT_DOOR_DEFAULTS for what is not given)
 */
export function createFrontDoor(options: Partial<FrontDoorOptions> = {}): FrontDoor {
  const limits = { ...FRONT_DOOR_DEFAULTS, ...options };
  const refusals = new RateLimiterMemory({
    keyPrefix: 'front-door',
    points: limits.refusals,
    duration: limits.windowMs / 1000,
    blockDuration: limits.blockMs / 1000,
  });
  const held = new Map<ServerResponse, ReturnType<typeof setTimeout>>();

  const answer = (req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number) => {
    held.delete(res);
    if (res.destroyed || res.headersSent) return;
    const body = `Too many requests from your address: it kept asking after being told to wait. Please try again in ${retryAfterSeconds} seconds.\n`;
    res.writeHead(429, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Retry-After': String(retryAfterSeconds),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  return {
    async turnAway(address, req, res) {
      if (loopback.has(address)) return false;
      const count = await refusals.get(address);
      if (!count || count.consumedPoints <= limits.refusals) return false;
      const retryAfterSeconds = Math.max(1, Math.ceil(count.msBeforeNext / 1000));
      if (held.size >= limits.maxHeld) {
        answer(req, res, retryAfterSeconds);
        return true;
      }
      const timer = setTimeout(() => answer(req, res, Math.max(1, retryAfterSeconds - Math.floor(limits.holdMs / 1000))), limits.holdMs);
      held.set(res, timer);
      res.on('close', () => {
        clearTimeout(timer);
        held.delete(res);
      });
      return true;
    },
    answered(address, status) {
      if ((status !== 429 && status !== 503) || loopback.has(address)) return;
      refusals.consume(address).catch((refusal: unknown) => {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
      });
    },
    get held() {
      return held.size;
    },
    close() {
      for (const [res, timer] of held) {
        clearTimeout(timer);
        held.delete(res);
        res.destroy();
      }
    },
  };
}
