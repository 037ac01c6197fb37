import { formatMoney, NO_PRICE_THRESHOLD } from '../../site/src/domain/price-display.ts';

/*
 * A lead's car snapshot (the car as the shopper saw it, written with the lead when it was
 * submitted) read for the inbox. The snapshot is stored JSON, so every field is checked for its
 * type; a field that is missing or of another type is shown as not recorded.
 */

/** The snapshot's fields the inbox shows. */
export interface CarSnapshotView {
  title: string | null;
  /** The price as shown to the shopper (its text when recorded, else the amount as dollars). */
  price: string | null;
  stockNumber: string | null;
  vin: string | null;
}

/** A stored value when it is text with something in it, else null. */
export function nonEmptyText(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}
const text = nonEmptyText;

/**
 * The snapshot as the inbox shows it, or null when the lead has none.
 * @param snapshot the stored car_snapshot
 */
export function carSnapshotView(snapshot: Record<string, unknown> | null | undefined): CarSnapshotView | null {
  if (!snapshot || typeof snapshot !== 'object') return null;
  const amount = typeof snapshot.price === 'number' ? snapshot.price : null;
  const shown = text(snapshot.price_shown) ?? text(snapshot.price_text) ?? (amount !== null && amount > NO_PRICE_THRESHOLD ? formatMoney(amount) : null);
  return {
    title: text(snapshot.title),
    price: shown,
    stockNumber: text(snapshot.stock_number) ?? text(snapshot.stocknum),
    vin: text(snapshot.vin),
  };
}
