import type { Kysely } from 'kysely';
import type { Car, PriceComparison } from '../../schema/api/index.ts';
import type { Database } from '../db/types.ts';
import type { HostedTenant } from '../tenants.ts';
import { hidesSampleData } from './sample-content.ts';
import { formatMoney } from '../../schema/number-format.ts';

/*
 * Market data for the price-comparison gauge (spec §1, §7 autogauge) is a third party's answer.
 * The platform asks it through this interface, one provider per tenant; the embedded provider
 * answers with demo data — plainly marked as such — that is consistent with the car's own
 * market averages and the site's stock.
 */

/** A market-data provider: the price comparison of one car, or null when it has no data. */
export interface MarketDataProvider {
  readonly name: string;
  priceComparison(car: Car, context: { db: Kysely<Database>; siteId: number }): Promise<PriceComparison | null>;
}

/**
 * The embedded demo provider. The market range is ±12% around the car's market average (state
 * average preferred, as the hint uses); the fill places the listing price in that range (1 = at
 * the bottom: the best deal); confidence grows with the number of comparable cars (same make and
 * model) in the site's stock — 0.15 with none, +0.1 each, at most 0.95 — so a rare car's gauge
 * is hidden (confidence 0.2 or below) exactly as a real provider's thin data would hide it.
 */
export const demoMarketData: MarketDataProvider = {
  name: 'Demo market data (embedded)',
  async priceComparison(car, { db, siteId }) {
    const avg = car.autograb_data?.state_average_market_price ?? car.autograb_data?.average_market_price;
    if (!avg || car.price <= 10) return null;
    const row = await db
      .selectFrom('cars')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('site_id', '=', siteId)
      .where('make', '=', car.make)
      .where('model', '=', car.model)
      .where('id', '!=', car.id)
      .executeTakeFirst();
    const comparable = Number(row?.n ?? 0);
    const min = Math.round(avg * 0.88);
    const max = Math.round(avg * 1.12);
    const fill = Math.min(1, Math.max(0, (max - car.price) / (max - min)));
    const delta = avg - car.price;
    const position =
      delta >= 500
        ? `${formatMoney(delta)} below the average market price of ${formatMoney(avg)}`
        : delta <= -500
          ? `${formatMoney(-delta)} above the average market price of ${formatMoney(avg)}`
          : `close to the average market price of ${formatMoney(avg)}`;
    return {
      fill: Math.round(fill * 100) / 100,
      listing_price: car.price,
      market_range_min: min,
      market_range_max: max,
      confidence: Math.round(Math.min(0.95, 0.15 + comparable * 0.1) * 100) / 100,
      description: `This car is listed ${position} for similar cars (demo market data, ${comparable} comparable ${comparable === 1 ? 'car' : 'cars'}).`,
    };
  },
};

/** No market data: what a launched site gets while only the demo provider exists. */
export const noMarketData: MarketDataProvider = {
  name: 'No market data',
  priceComparison: async () => null,
};

/** The market-data provider of a tenant (only the embedded demo provider exists; a launched site gets none). */
export function marketDataProviderFor(tenant: HostedTenant): MarketDataProvider {
  return hidesSampleData(tenant, 'priceGauge', 'marketPriceHint') ? noMarketData : demoMarketData;
}
