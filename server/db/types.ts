import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Typed tables of the platform database. Every tenant-owned table carries `site_id`, and every
 * query of a request filters by the site of its Host, which is what keeps tenants apart.
 * JSON columns are written as JSON text (`Json<T>`) so pg and PGlite store them the same way.
 */

/** A jsonb column: read as T, written as JSON text. */
export type Json<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SitesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  url: string;
  production_host: string | null;
  created_at: CreatedAt;
}

export interface DealershipsTable {
  id: Generated<number>;
  site_id: number;
  slug: string;
  name: string;
  manufacturer: string | null;
  include_sold_cars_days: number;
}

export interface LocationsTable {
  id: Generated<number>;
  site_id: number;
  dealership_id: number;
  slug: string;
  name: string;
  location_type: string;
  location_subtype: string | null;
  is_primary: boolean;
  visible: boolean;
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  phone: string | null;
  landline_phone: string | null;
  dealer_license_number: string | null;
  motor_vehicle_repairer: string | null;
  manufacturers: Json<string[]>;
  place_id: string | null;
  image_url: string | null;
}

export interface OpeningHoursTable {
  id: Generated<number>;
  location_id: number;
  weekday: number;
  status: string;
  open: string | null;
  close: string | null;
}

export interface SpecialHoursTable {
  id: Generated<number>;
  location_id: number;
  date: string;
  name: string;
  status: string;
  start_hour: string | null;
  end_hour: string | null;
}

export interface ReviewsTable {
  id: Generated<number>;
  location_id: number;
  customer_name: string;
  text: string;
  rating: number;
  review_date: string;
  reply_text: string | null;
  reply_date: string | null;
  image: string | null;
}

export interface CarsTable {
  id: Generated<number>;
  site_id: number;
  dealership_id: number;
  location_id: number;
  slug: string;
  stocknum: string;
  item_type: string;
  car_type: string;
  status: string;
  make: string;
  model: string;
  year: number;
  price: number;
  km: number;
  colour: string | null;
  simple_body: string | null;
  simple_fuel: string | null;
  reserved: boolean;
  certified: boolean;
  show_on_dealer_website: boolean;
  rego: string | null;
  rego_state: string | null;
  vin: string | null;
  views: number;
  rank: number;
  created_at: Timestamp;
  sold_at: Timestamp | null;
  updated_at: Timestamp;
  /** The rest of the Car record of spec §3 (everything not needed for filtering or joins). */
  details: Json<Record<string, unknown>>;
  /** demo (the seed) or feed (the dealer's inventory feed; migration 007). */
  source: Generated<string>;
}

export interface CarImagesTable {
  id: Generated<number>;
  car_id: number;
  position: number;
  kind: string;
  /** Which view the generated image shows (front-three-quarter, side, rear…, or spin frame index). */
  angle: string;
  /** The feed's URL of an imported photo (migration 007); null for drawn demo photos. */
  source_url: Generated<string | null>;
  /** pending, ready or failed (imported photos); ready for drawn ones. */
  state: Generated<string>;
  /** The stored original of an imported photo, relative to the data directory's photo store. */
  file: Generated<string | null>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  error: Generated<string | null>;
}

/** One applied inventory feed (migration 007): other instances re-index the cars it changed. */
export interface StockImportsTable {
  id: Generated<number>;
  site_id: number;
  origin: string;
  mode: string;
  summary: Json<Record<string, unknown>>;
  car_ids: Json<number[]>;
  created_at: CreatedAt;
}

/** What the dealer is told of a stock feed it sent, applied or refused (migration 020). */
export interface StockFeedReportsTable {
  id: Generated<number>;
  site_id: number;
  /** The import it made (null when refused). */
  import_id: number | null;
  origin: string;
  mode: string;
  /** Why the whole feed was refused (null when applied). */
  refused: string | null;
  summary: Json<Record<string, unknown>>;
  received_at: CreatedAt;
  /** Of a refused feed sent by the dealer's system (migration 021): emailed, nobody or already-told. */
  refusal_email: string | null;
  /** The delivery of the email that told of it. */
  refusal_delivery_id: number | null;
  /** Of a feed the dealer's system sent (migration 022): the origin it reached, for links in later emails. */
  link_origin: string | null;
}

/** When a site's marketplace feed's content last changed (migration 023). */
export interface MarketplaceFeedVersionsTable {
  site_id: number;
  /** google or meta */
  kind: string;
  /** The ETag of its body. */
  etag: string;
  /** When a body with that ETag was first built. */
  since: Date;
}

/** An email telling a site's people that its feeds had stopped arriving (migration 022). */
export interface StockFeedQuietEmailsTable {
  id: Generated<number>;
  site_id: number;
  /** When the last feed before it had arrived. */
  last_feed_at: Date;
  sent_at: Date;
  /** Its delivery in the outbox. */
  delivery_id: number | null;
}

/** A dealer's key for the stock endpoint (migration 007); only its SHA-256 is kept. */
export interface DealerApiKeysTable {
  id: Generated<number>;
  site_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ManufacturersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  kind: string;
  country: string | null;
}

export interface BrandDirectoryTable {
  id: Generated<number>;
  site_id: number;
  manufacturer_id: number | null;
  slug: string;
  title: string;
  kind: string;
  description: Json<string[]>;
  skip_page: boolean;
}

export interface ModelsTable {
  id: Generated<number>;
  manufacturer_id: number;
  slug: string;
  name: string;
  full_name: string;
  status: string;
  short_description: string;
  brochure_url: string | null;
  specifications: Json<{ category: string; value: string }[]>;
  driver_assistance: Json<string[]>;
}

export interface ModelColoursTable {
  id: Generated<number>;
  model_id: number;
  name: string;
  hex: string;
  oem_id: string | null;
  variant_name: string;
  body_type: string | null;
}

export interface ModelVariantsTable {
  id: Generated<number>;
  model_id: number;
  full_name: string;
  series: string | null;
  name: string;
  price: number | null;
  features: Json<string[]>;
}

export interface BlogPostsTable {
  id: Generated<number>;
  site_id: number;
  slug: string;
  category: string;
  heading: string;
  description: string;
  published_on: string;
  featured: boolean;
  /** The dealer's HTML, sanitised whenever it is served (server/dealer-html.ts). */
  body_html: string;
}

export interface OffersTable {
  id: Generated<number>;
  site_id: number;
  slug: string;
  title: string;
  category: string;
  make: string | null;
  model: string | null;
  car_type: string | null;
  price: number | null;
  description: string;
  /** The dealer's HTML, sanitised whenever it is served. */
  terms_html: string;
  /** The campaign the offer belongs to (OFFER_CAMPAIGNS, e.g. 'eofy'), or null. */
  campaign: string | null;
  starts_at: Timestamp;
  expires_at: Timestamp;
}

export interface LeadsTable {
  id: Generated<number>;
  site_id: number;
  form: string;
  category: string | null;
  subcategory: string | null;
  status: string;
  form_completed: boolean;
  car_id: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  fields: Json<Record<string, unknown>>;
  url: string | null;
  user_agent: string | null;
  ip: string | null;
  /** SHA-256 of the lead's continuation token; null for leads made before it existed. */
  token_hash: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The dealership the lead was routed to (migration 006); null when none could be told. */
  dealership_id: Generated<number | null>;
  /** The department it was routed to: sales, service, parts or finance. */
  department: Generated<string | null>;
  /** The dealer's own progress with the lead: new, contacted or closed. */
  dealer_status: Generated<string>;
  /** The car as the shopper saw it when the lead was sent (its price at the time); null without a car. */
  car_snapshot: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** One delivery of a lead to one destination (an email route or a webhook), from the outbox (migration 006). */
export interface LeadDeliveriesTable {
  id: Generated<number>;
  site_id: number;
  /** The lead delivered; null for a notice to the dealer that is no lead's (migration 021), which carries its `message`. */
  lead_id: number | null;
  /** Stable id the receiver de-duplicates on (webhook-id, the email's Message-ID). */
  delivery_key: string;
  channel: 'email' | 'webhook';
  /** Recipients (email: { to: string[] }) or the URL (webhook: { url }), as routed. */
  target: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: CreatedAt;
  /** A notice's email (no lead): { subject, text, html }. */
  message: ColumnType<{ subject: string; text: string; html: string } | null, string | null, string | null>;
}

/** One try of a delivery. */
export interface LeadDeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: CreatedAt;
  duration_ms: number;
  ok: boolean;
  /** HTTP status (webhook) or SMTP reply code (email) when the receiver answered. */
  status_code: number | null;
  error: string | null;
}

export interface LeadRequestsTable {
  site_id: number;
  idempotency_key: string;
  lead_id: number | null;
  response: Json<unknown>;
  created_at: CreatedAt;
}

export interface LeadEventsTable {
  id: Generated<number>;
  site_id: number;
  kind: string;
  lead_id: number | null;
  car_id: number | null;
  payload: Json<Record<string, unknown>>;
  ip: string | null;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  site_id: number;
  email: string;
  name: string;
  phone: string | null;
  role: string;
  password_hash: string;
  created_at: CreatedAt;
}

/** A secret every server instance on the database shares (the known-device cookie's key), by name. */
export interface ServerSecretsTable {
  name: string;
  /** Random bytes, base64url. */
  value: string;
}

/** One email about an account (server/accounts): a sign-up's confirmation, an already-registered note, a password reset. */
export interface AccountEmailsTable {
  id: Generated<number>;
  site_id: number;
  /** `nothing-sent`: a resend for an address nobody signed up with (counted like a sent one). */
  kind: 'confirm-sign-up' | 'already-registered' | 'reset-password' | 'nothing-sent' | 'confirm-hold';
  /** Lower-case address the email went to. */
  email: string;
  /** The account (already-registered and reset emails). */
  user_id: number | null;
  /** The account a confirmation creates: name, phone and password hash as signed up. */
  name: string | null;
  phone: string | null;
  password_hash: string | null;
  /** Where the shopper was going when they signed up (a same-site path). */
  redirect: string | null;
  /** SHA-256 of the link's token (null for emails without a link). */
  token_hash: string | null;
  expires_at: NullableTimestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  site_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface WatchlistsTable {
  site_id: number;
  user_id: number;
  car_id: number;
  created_at: CreatedAt;
}

export interface ReservationsTable {
  id: Generated<number>;
  site_id: number;
  car_id: number;
  lead_id: number;
  deposit: number;
  held_until: Timestamp;
  status: string;
  /** The signed-in shopper who reserved (per-person limit). */
  user_id: Generated<number | null>;
  /** Client address of the reservation (per-address limit). */
  ip: Generated<string | null>;
  /** The holder's proven email (one active hold per person, signed in or not). */
  email: Generated<string | null>;
  created_at: CreatedAt;
}

/** A credit-check consent and, until erased, the identity it was given with (migration 017). */
export interface CreditChecksTable {
  id: Generated<number>;
  site_id: number;
  /** The consent's finance lead (its fields carry only the masked identity). */
  lead_id: number;
  /** The signed-in shopper who consented. */
  user_id: number;
  car_id: number;
  consented_at: Timestamp;
  /** YYYY-MM-DD; null once erased. */
  date_of_birth: string | null;
  /** Upper case; null once erased. */
  licence_number: string | null;
  licence_state: string;
  /** When the sweep erases the date of birth and licence number. */
  erase_after: Timestamp;
  erased_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A hold asked for without an account, waiting for its emailed link (migration 015). */
export interface ProvisionalHoldsTable {
  id: Generated<number>;
  site_id: number;
  car_id: number;
  name: string;
  /** Lower-case address the confirmation link went to. */
  email: string;
  /** The phone typed beside the request: the lead's contact, never a limit (it is not proven). */
  phone: string;
  /** SHA-256 of the emailed link's token (the same as its `account_emails` row). */
  token_hash: string;
  ip: string | null;
  expires_at: Timestamp;
  /** The real hold the link started (null until confirmed). */
  reservation_id: number | null;
  created_at: CreatedAt;
}

/** An order of the online purchase journey (migration 003). */
export interface OrdersTable {
  id: Generated<number>;
  site_id: number;
  car_id: number;
  lead_id: number;
  /** deposit_recorded (embedded provider), awaiting_payment (a real provider's hosted page), deposit_paid. */
  status: string;
  fulfilment: string;
  delivery_postcode: string | null;
  delivery_region: string | null;
  vehicle_price: number;
  delivery_fee: number;
  total: number;
  deposit: number;
  payment: Json<Record<string, unknown>>;
  /** SHA-256 of the token the browser that placed the order reads it back with. */
  token_hash: string;
  ip: string | null;
  created_at: CreatedAt;
}

/** A payment webhook a site applied (migration 013), by the webhook's id: a second delivery does nothing. */
export interface PaymentEventsTable {
  site_id: number;
  webhook_id: string;
  provider: string;
  intent_id: string;
  order_id: number | null;
  received_at: CreatedAt;
}

/** A shopper's spin of a spin-to-win promotion (migration 009): one per email and per phone. */
export interface SpinsTable {
  id: Generated<number>;
  site_id: number;
  promotion_id: string;
  /** Lower-case email (the account's where the site gates the page). */
  email: string;
  /** The phone's digits, an Australian +61 written as 0. */
  phone_digits: string;
  user_id: number | null;
  /** The prize won, or null for no prize. */
  prize: string | null;
  lead_id: number | null;
  ip: string | null;
  created_at: CreatedAt;
}

/** Who viewed a car on a day (a hash of the day, address and browser): a visitor counts once. */
export interface CarViewVisitorsTable {
  car_id: number;
  day: string;
  visitor: string;
}

export interface CarViewsTable {
  site_id: number;
  car_id: number;
  day: string;
  count: number;
}

/** The whole database, for Kysely. */
export interface Database {
  sites: SitesTable;
  dealerships: DealershipsTable;
  locations: LocationsTable;
  opening_hours: OpeningHoursTable;
  special_hours: SpecialHoursTable;
  reviews: ReviewsTable;
  cars: CarsTable;
  car_images: CarImagesTable;
  manufacturers: ManufacturersTable;
  brand_directory: BrandDirectoryTable;
  models: ModelsTable;
  model_colours: ModelColoursTable;
  model_variants: ModelVariantsTable;
  blog_posts: BlogPostsTable;
  offers: OffersTable;
  leads: LeadsTable;
  lead_requests: LeadRequestsTable;
  lead_events: LeadEventsTable;
  lead_deliveries: LeadDeliveriesTable;
  lead_delivery_attempts: LeadDeliveryAttemptsTable;
  users: UsersTable;
  sessions: SessionsTable;
  account_emails: AccountEmailsTable;
  server_secrets: ServerSecretsTable;
  watchlists: WatchlistsTable;
  reservations: ReservationsTable;
  provisional_holds: ProvisionalHoldsTable;
  credit_checks: CreditChecksTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  spins: SpinsTable;
  car_views: CarViewsTable;
  car_view_visitors: CarViewVisitorsTable;
  stock_imports: StockImportsTable;
  stock_feed_reports: StockFeedReportsTable;
  stock_feed_quiet_emails: StockFeedQuietEmailsTable;
  marketplace_feed_versions: MarketplaceFeedVersionsTable;
  dealer_api_keys: DealerApiKeysTable;
}

export type CarRow = Selectable<CarsTable>;
export type NewCar = Insertable<CarsTable>;
export type CarUpdate = Updateable<CarsTable>;
export type LocationRow = Selectable<LocationsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type UserRow = Selectable<UsersTable>;
