import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * Ids of a site's cars that may be reserved or bought (in stock, not held, shown on the site,
 * priced over $1,000), in id order, straight from the database.
 * @param db database
 * @param slug the site's slug
 * @param n how many
 * @param skip how many such cars to pass over first
 */
export async function freeCars(db: Kysely<Database>, slug: string, n: number, skip = 0): Promise<number[]> {
  const rows = await db
    .selectFrom('cars')
    .innerJoin('sites', 'sites.id', 'cars.site_id')
    .select('cars.id')
    .where('sites.slug', '=', slug)
    .where('cars.status', '=', 'in_stock')
    .where('cars.reserved', '=', false)
    .where('cars.show_on_dealer_website', '=', true)
    .where('cars.price', '>', 1000)
    .orderBy('cars.id')
    .offset(skip)
    .limit(n)
    .execute();
  return rows.map((r) => r.id);
}
