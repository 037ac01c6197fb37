import { isNotFound, isRedirect } from '@tanstack/react-router';
import { expect, test, vi } from 'vitest';
import { carFixture } from '../../test/car-fixture.ts';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import { checkLeadFormRoute } from './lead-form-load.ts';

// Spec §6: a signed-out visitor on a gated page goes to sign-in with type, redirect and back;
// "Checkout on a car page without the car slug does not redirect": a reserve page for no car, or
// for a car the site does not have, is a 404 before anyone is asked to sign in.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function contextWith(fetch: (path: string) => Promise<Response>): RouterContext {
  return {
    queryClient: createQueryClient(),
    tenant: tenantFixture(),
    services: { fetch, origin: { host: 'test-motor-group.localhost', protocol: 'http:' }, cookie: () => '', now: () => 1_750_000_000_000 },
    previousHref: () => '/search/new-used-and-demo-cars/',
    getRouter: () => {
      throw new Error('not needed');
    },
  };
}

const checkout = (key: string | undefined) => ({ available: () => true, gate: 'checkout' as const, car: { key } });

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the check to stop the page');
}

test('checkout without a car is a 404, not a sign-in redirect', async () => {
  const fetch = vi.fn(async () => json({}));
  const error = await thrown(checkLeadFormRoute(checkout(undefined), contextWith(fetch), '/cars/checkout'));
  expect(isNotFound(error)).toBe(true);
  expect(fetch).not.toHaveBeenCalled();
});

test('checkout for a car the site does not have is a 404, asked before any sign-in', async () => {
  const fetch = vi.fn(async (path: string) => (path.startsWith('/api/cars/') ? json({ error: 'Not found' }, 404) : json({ user: null })));
  const error = await thrown(checkLeadFormRoute(checkout('no-such-car'), contextWith(fetch), '/cars/no-such-car/checkout'));
  expect(isNotFound(error)).toBe(true);
  expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/cars/no-such-car']);
});

test('checkout for a real car, signed out: sign-in with type=checkout, the page as redirect and the previous page as back', async () => {
  const car = carFixture();
  const fetch = vi.fn(async () => json(car));
  const error = await thrown(checkLeadFormRoute(checkout(car.slug), contextWith(fetch), `/cars/${car.slug}/checkout`));
  expect(isRedirect(error)).toBe(true);
  const options = (error as { options: { to: string; search: unknown } }).options;
  expect(options.to).toBe('/sign-in');
  expect(options.search).toEqual({ type: 'checkout', redirect: `/cars/${car.slug}/checkout`, back: '/search/new-used-and-demo-cars/' });
});
