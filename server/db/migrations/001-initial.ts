import { sql, type Kysely } from 'kysely';

/*
 * 001: the whole first schema. Later changes get their own numbered file; a migration, once
 * shipped, is never edited.
 */

const id = (c: any) => c.primaryKey();

/** Creates every table of the platform. */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('sites')
    .addColumn('id', 'serial', id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('production_host', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('dealerships')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('manufacturer', 'text')
    .addColumn('include_sold_cars_days', 'integer', (c) => c.notNull().defaultTo(3))
    .addUniqueConstraint('dealerships_site_slug', ['site_id', 'slug'])
    .execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('dealership_id', 'integer', (c) => c.notNull().references('dealerships.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location_type', 'text', (c) => c.notNull().defaultTo('sales'))
    .addColumn('location_subtype', 'text')
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('long', 'double precision', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('landline_phone', 'text')
    .addColumn('dealer_license_number', 'text')
    .addColumn('motor_vehicle_repairer', 'text')
    .addColumn('manufacturers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('place_id', 'text')
    .addColumn('image_url', 'text')
    .addUniqueConstraint('locations_site_slug', ['site_id', 'slug'])
    .execute();

  await db.schema
    .createTable('opening_hours')
    .addColumn('id', 'serial', id)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('open', 'text')
    .addColumn('close', 'text')
    .addUniqueConstraint('opening_hours_location_weekday', ['location_id', 'weekday'])
    .execute();

  await db.schema
    .createTable('special_hours')
    .addColumn('id', 'serial', id)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_hour', 'text')
    .addColumn('end_hour', 'text')
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'serial', id)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('review_date', 'text', (c) => c.notNull())
    .addColumn('reply_text', 'text')
    .addColumn('reply_date', 'text')
    .addColumn('image', 'text')
    .execute();

  await db.schema
    .createTable('cars')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('dealership_id', 'integer', (c) => c.notNull().references('dealerships.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('stocknum', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull().defaultTo('car'))
    .addColumn('car_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('km', 'integer', (c) => c.notNull())
    .addColumn('colour', 'text')
    .addColumn('simple_body', 'text')
    .addColumn('simple_fuel', 'text')
    .addColumn('reserved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('certified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_on_dealer_website', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('rego', 'text')
    .addColumn('rego_state', 'text')
    .addColumn('vin', 'text')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sold_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addUniqueConstraint('cars_site_slug', ['site_id', 'slug'])
    .execute();
  await db.schema.createIndex('cars_site_status').on('cars').columns(['site_id', 'status']).execute();
  await db.schema.createIndex('cars_site_rego').on('cars').columns(['site_id', 'rego']).execute();

  await db.schema
    .createTable('car_images')
    .addColumn('id', 'serial', id)
    .addColumn('car_id', 'integer', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('angle', 'text', (c) => c.notNull())
    .addUniqueConstraint('car_images_car_kind_position', ['car_id', 'kind', 'position'])
    .execute();

  await db.schema
    .createTable('manufacturers')
    .addColumn('id', 'serial', id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .execute();

  await db.schema
    .createTable('brand_directory')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('manufacturer_id', 'integer', (c) => c.references('manufacturers.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull())
    .addColumn('skip_page', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('brand_directory_site_slug', ['site_id', 'slug'])
    .execute();

  await db.schema
    .createTable('models')
    .addColumn('id', 'serial', id)
    .addColumn('manufacturer_id', 'integer', (c) => c.notNull().references('manufacturers.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('short_description', 'text', (c) => c.notNull())
    .addColumn('brochure_url', 'text')
    .addColumn('specifications', 'jsonb', (c) => c.notNull())
    .addColumn('driver_assistance', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('model_colours')
    .addColumn('id', 'serial', id)
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hex', 'text', (c) => c.notNull())
    .addColumn('oem_id', 'text')
    .addColumn('variant_name', 'text', (c) => c.notNull())
    .addColumn('body_type', 'text')
    .execute();

  await db.schema
    .createTable('model_variants')
    .addColumn('id', 'serial', id)
    .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('series', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'double precision')
    .addColumn('features', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('published_on', 'text', (c) => c.notNull())
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('blog_posts_site_slug', ['site_id', 'slug'])
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('make', 'text')
    .addColumn('model', 'text')
    .addColumn('car_type', 'text')
    .addColumn('price', 'double precision')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('offers_site_slug', ['site_id', 'slug'])
    .execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('subcategory', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('form_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('car_id', 'integer')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('leads_site_created').on('leads').columns(['site_id', 'created_at']).execute();

  await db.schema
    .createTable('lead_requests')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer')
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('lead_requests_pk', ['site_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('lead_events')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer')
    .addColumn('car_id', 'integer')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('shopper'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('users_site_email', ['site_id', 'email'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('watchlists')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('car_id', 'integer', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('watchlists_pk', ['user_id', 'car_id'])
    .execute();

  await db.schema
    .createTable('reservations')
    .addColumn('id', 'serial', id)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('car_id', 'integer', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
    .addColumn('deposit', 'double precision', (c) => c.notNull())
    .addColumn('held_until', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('car_views')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('car_id', 'integer', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('car_views_pk', ['car_id', 'day'])
    .execute();
}

/** Drops everything 001 created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'car_views', 'reservations', 'watchlists', 'sessions', 'users', 'lead_events', 'lead_requests', 'leads',
    'offers', 'blog_posts', 'model_variants', 'model_colours', 'models', 'brand_directory', 'manufacturers',
    'car_images', 'cars', 'reviews', 'special_hours', 'opening_hours', 'locations', 'dealerships', 'sites',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
