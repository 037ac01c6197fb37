import { afterEach, describe, expect, it } from 'vitest';
import { placedOrder, rememberPlacedOrder } from './order.ts';

describe('the order a tab placed', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept per site and car, with its token', () => {
    rememberPlacedOrder('big-lot', 920, { id: 42, token: 't'.repeat(43) });
    expect(placedOrder('big-lot', 920)).toEqual({ id: 42, token: 't'.repeat(43) });
    expect(placedOrder('big-lot', 921)).toBeNull();
    expect(placedOrder('range-road-kia', 920)).toBeNull();
  });

  it('ignores what storage holds when it is not an order', () => {
    sessionStorage.setItem('forecourt:big-lot:order:920', '{"id":"42"}');
    expect(placedOrder('big-lot', 920)).toBeNull();
    sessionStorage.setItem('forecourt:big-lot:order:920', 'not json');
    expect(placedOrder('big-lot', 920)).toBeNull();
  });
});
