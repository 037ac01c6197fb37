import { CarSnapshotSchema } from '../../schema/api/lead-delivery.ts';

/*
 * A lead's car snapshot (the car as the shopper saw it, written by lead delivery when the lead
 * arrived: schema/api/lead-delivery.ts) read for the inbox. A stored value that does not match the
 * contract is shown as not recorded.
 */

/** The snapshot's fields the inbox shows. */
export interface CarSnapshotView {
  title: string | null;
  /** The price as the shopper saw it ("$45,990", the site's no-price text, or SOLD). */
  price: string | null;
  stockNumber: string | null;
  vin: string | null;
}

/** A stored value when it is text with something in it, else null. */
export function nonEmptyText(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/**
 * The snapshot as the inbox shows it, or null when the lead has none.
 * @param snapshot the stored car_snapshot
 */
export function carSnapshotView(snapshot: Record<string, unknown> | null | undefined): CarSnapshotView | null {
  const parsed = CarSnapshotSchema.safeParse(snapshot);
  if (!parsed.success) return null;
  const car = parsed.data;
  return { title: car.title, price: car.price_text, stockNumber: nonEmptyText(car.stock_number), vin: car.vin };
}
