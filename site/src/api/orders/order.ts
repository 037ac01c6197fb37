import type { OrderResponse } from '../../../../schema/api/order.ts';
import { getJson } from '../http.ts';

// Answer schemas are imported with the request, so a part that hydrates with this client does not load zod first.
const orderResponseSchema = () => import('../../../../schema/api/order.ts').then((module) => module.OrderResponseSchema);

/** What this tab keeps of an order it placed: its id and the token that reads it back. */
export interface PlacedOrder {
  id: number;
  token: string;
}

const storageKey = (site: string, carId: number) => `forecourt:${site}:order:${carId}`;

/**
 * Keeps the order this tab placed for a car (sessionStorage: a reload shows the confirmation
 * again; another tab or a later visit starts a new journey). Storage failures are ignored.
 * @param site the tenant slug
 * @param carId the car ordered
 * @param order the order id and its token
 */
export function rememberPlacedOrder(site: string, carId: number, order: PlacedOrder): void {
  try {
    sessionStorage.setItem(storageKey(site, carId), JSON.stringify(order));
  } catch {
    // Private mode or storage full: the confirmation is simply not kept across a reload.
  }
}

/**
 * The order this tab placed for a car, if any.
 * @param site the tenant slug
 * @param carId the car
 */
export function placedOrder(site: string, carId: number): PlacedOrder | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey(site, carId)) ?? 'null');
    if (typeof value === 'object' && value !== null && 'id' in value && 'token' in value && typeof value.id === 'number' && typeof value.token === 'string') {
      return { id: value.id, token: value.token };
    }
  } catch {
    // Unreadable storage: no order.
  }
  return null;
}

/**
 * Reads an order back (GET /api/orders/{id}); only the browser holding its token may.
 * @param order the order id and the token answered when it was placed
 */
export function fetchOrder(order: PlacedOrder): Promise<OrderResponse> {
  return getJson(`/api/orders/${order.id}`, orderResponseSchema, { headers: { 'x-order-token': order.token } });
}
