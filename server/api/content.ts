import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { z } from 'zod';
import {
  BlogCategorySchema,
  BlogCardSchema,
  BlogPostSchema,
  BrandDirectoryEntrySchema,
  ManufacturerSchema,
  ModelListingPageSchema,
  ModelSchema,
  OfferCampaignSchema,
  OfferSchema,
  OffersPageSchema,
  SiteSchema,
  pagedSchema,
  type BlogCard,
  type BlogPost,
  type Model,
  type Offer,
} from '../../schema/api/index.ts';
import { dealerHtmlToRichText, type DealerHtmlSite } from '../dealer-html.ts';
import { HttpError, MAX_ID, parseInput, type Context, type Route } from '../http/core.ts';
import { renderPdf, type PdfLine } from '../pdf.ts';
import { slugify } from '../seed/random.ts';
import { hidesSampleData } from '../providers/sample-content.ts';
import { formatMoney } from '../../schema/number-format.ts';
import { MODEL_LISTING_PAGE_SIZE } from '../../site/src/domain/model-page.ts';

/*
 * Content calls: site summary, brand directory, manufacturers, model pages, blog and offers.
 */

const logo = (slug: string) => `/images/brands/${slug}.svg`;

const BlogQuery = z.object({
  category: BlogCategorySchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(60).default(21),
});

const ModelListingQuery = z.object({
  manufacturer: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(60).default(MODEL_LISTING_PAGE_SIZE),
});

const OffersQuery = z.object({
  category: z.string().max(100).optional(),
  /** Only the offers of this campaign (the EOFY pages ask for `eofy`). */
  campaign: OfferCampaignSchema.optional(),
  query: z.string().max(200).optional(),
  /** Price range in dollars: at least price_min, below price_max (offers without a price are left out). */
  price_min: z.coerce.number().int().min(0).max(100_000_000).optional(),
  price_max: z.coerce.number().int().min(1).max(100_000_000).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(60).default(21),
});

/** A site's offers inside their start/expiry window at `at` (start inclusive, expiry exclusive): the offers page and the sitemap list these. */
export function liveOffers(db: Kysely<Database>, siteId: number, at: Date) {
  return db.selectFrom('offers').where('site_id', '=', siteId).where('starts_at', '<=', at).where('expires_at', '>', at);
}

type BlogRow = { id: number; slug: string; category: string; heading: string; description: string; published_on: string; featured: boolean };

function toBlogCard(r: BlogRow): BlogCard {
  return {
    id: r.id,
    slug: r.slug,
    category: r.category as BlogCard['category'],
    heading: r.heading,
    description: r.description,
    image: `/images/blog/${r.slug}.webp`,
    href: `/blog/${r.slug}`,
    date: r.published_on,
    featured: r.featured,
  };
}

/**
 * Where the dealer's HTML is shown: absolute links to the tenant's own hosts are internal, and
 * internal paths are kept for the site to check against its router (its RichText renders a link
 * only to a page the tenant has; a car's page answers for itself, as a card's link does).
 */
function dealerHtmlSite(ctx: Context): DealerHtmlSite {
  return { ownHosts: ctx.tenant.hosts, keepInternal: () => true };
}

function toBlogPost(r: BlogRow & { body_html: string }, ctx: Context): BlogPost {
  return { ...toBlogCard(r), body: dealerHtmlToRichText(r.body_html, dealerHtmlSite(ctx)) };
}

function toOffer(r: { id: number; slug: string; title: string; category: string; make: string | null; model: string | null; car_type: string | null; price: number | null; description: string; terms_html: string; campaign: string | null; starts_at: Date; expires_at: Date }, ctx: Context): Offer {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    category: r.category,
    make: r.make,
    model: r.model,
    car_type: r.car_type as Offer['car_type'],
    price: r.price,
    description: r.description,
    terms: dealerHtmlToRichText(r.terms_html, dealerHtmlSite(ctx)),
    campaign: OfferCampaignSchema.safeParse(r.campaign).data ?? null,
    image: `/images/offers/${r.id}.webp`,
    start: new Date(r.starts_at).toISOString(),
    expiry: new Date(r.expires_at).toISOString(),
  };
}

async function loadModel(ctx: Context, where: { slug?: string; manufacturerSlug?: string }): Promise<Model[]> {
  let q = ctx.db
    .selectFrom('models')
    .innerJoin('manufacturers', 'manufacturers.id', 'models.manufacturer_id')
    .selectAll('models')
    .select('manufacturers.slug as manufacturer_slug');
  if (where.slug) q = q.where('models.slug', '=', where.slug);
  if (where.manufacturerSlug) q = q.where('manufacturers.slug', '=', where.manufacturerSlug);
  const rows = await q.orderBy('models.id').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [colours, variants] = await Promise.all([
    ctx.db.selectFrom('model_colours').selectAll().where('model_id', 'in', ids).orderBy('id').execute(),
    ctx.db.selectFrom('model_variants').selectAll().where('model_id', 'in', ids).orderBy('id').execute(),
  ]);
  return rows.map((r) => ({
    id: r.id,
    manufacturer_slug: r.manufacturer_slug,
    slug: r.slug,
    name: r.name,
    full_name: r.full_name,
    status: r.status,
    short_description: r.short_description,
    image: { url: `/images/models/${r.slug}.webp` },
    brochure_url: r.brochure_url,
    images: [1, 2, 3, 4].map((n) => `/images/models/${r.slug}/${n}.webp`),
    colours: colours
      .filter((c) => c.model_id === r.id)
      .map((c) => ({ id: c.id, name: c.name, photo_url: `/images/models/${r.slug}/colours/${c.id}.webp`, hexCode: c.hex, oem_id: c.oem_id, model_variant_name: c.variant_name, body_type: c.body_type })),
    model_specifications: r.specifications,
    driver_assistance: r.driver_assistance,
    variants: variants.filter((v) => v.model_id === r.id).map((v) => ({ full_name: v.full_name, series: v.series, name: v.name, price: v.price, features: v.features })),
  }));
}

/** The makes a site sells, as manufacturer slugs (model pages and brands are limited to them). */
async function siteMakeSlugs(ctx: Context): Promise<Set<string>> {
  return new Set(ctx.tenant.config.dealer.dealerships.flatMap((d) => d.makes).map(slugify));
}

/** Content routes. */
export const contentRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/site',
    tag: 'Site',
    summary: 'This site: id (website_id), slug, name, url and dealerships.',
    response: SiteSchema,
    handler: async (ctx) => {
      const dealerships = await ctx.db.selectFrom('dealerships').select(['id', 'slug', 'name']).where('site_id', '=', ctx.siteId).orderBy('id').execute();
      return { json: { id: ctx.siteId, slug: ctx.tenant.slug, name: ctx.tenant.config.name, url: ctx.tenant.config.siteUrl, dealerships } };
    },
  },
  {
    method: 'GET',
    path: '/api/brands',
    tag: 'Content',
    summary: "The site's brand directory (car, motorcycle, truck and own-brand entries).",
    response: z.array(BrandDirectoryEntrySchema),
    handler: async (ctx) => {
      const rows = await ctx.db.selectFrom('brand_directory').selectAll().where('site_id', '=', ctx.siteId).orderBy('title').execute();
      return {
        // A brand the platform knows (a manufacturer) or the site's own brand has a drawn logo; any other has none.
        json: rows.map((r) => ({ title: r.title, slug: r.slug, kind: r.kind as 'car', logo: r.manufacturer_id !== null || r.kind === 'own' ? logo(r.slug) : null, banner: null, description: r.description, skipPage: r.skip_page })),
      };
    },
  },
  {
    method: 'GET',
    path: '/api/manufacturers',
    tag: 'Content',
    summary: 'Manufacturers the site sells (id, name, slug, logo.url).',
    response: z.array(ManufacturerSchema),
    handler: async (ctx) => {
      const slugs = await siteMakeSlugs(ctx);
      const rows = await ctx.db.selectFrom('manufacturers').selectAll().orderBy('name').execute();
      return { json: rows.filter((r) => slugs.has(r.slug)).map((r) => ({ id: r.id, name: r.name, slug: r.slug, logo: { url: logo(r.slug) } })) };
    },
  },
  {
    method: 'GET',
    path: '/api/models',
    tag: 'Content',
    summary: 'Model pages of the makes this site sells (optionally one make by manufacturer slug).',
    query: z.object({ manufacturer: z.string().max(100).optional() }),
    response: z.array(ModelSchema),
    handler: async (ctx) => {
      const q = parseInput(z.object({ manufacturer: z.string().max(100).optional() }), Object.fromEntries(ctx.query), 'query');
      const slugs = await siteMakeSlugs(ctx);
      if (q.manufacturer && !slugs.has(q.manufacturer)) return { json: [] };
      const models = await loadModel(ctx, { manufacturerSlug: q.manufacturer });
      return { json: models.filter((m) => slugs.has(m.manufacturer_slug)) };
    },
  },
  {
    method: 'GET',
    path: '/api/model-listing',
    tag: 'Content',
    summary: 'The model listing: the models of the makes this site sells (optionally one make by manufacturer slug), 21 per page.',
    query: ModelListingQuery,
    response: ModelListingPageSchema,
    handler: async (ctx) => {
      const q = parseInput(ModelListingQuery, Object.fromEntries(ctx.query), 'query');
      const slugs = await siteMakeSlugs(ctx);
      const models = q.manufacturer && !slugs.has(q.manufacturer) ? [] : (await loadModel(ctx, { manufacturerSlug: q.manufacturer })).filter((m) => slugs.has(m.manufacturer_slug));
      const items = models.slice((q.page - 1) * q.per_page, q.page * q.per_page);
      return { json: { items, count: models.length, page: q.page, pages: Math.ceil(models.length / q.per_page) } };
    },
  },
  {
    method: 'GET',
    path: '/api/models/{slug}',
    tag: 'Content',
    summary: 'One model page with colours, variants and specifications.',
    response: ModelSchema,
    handler: async (ctx) => {
      const slugs = await siteMakeSlugs(ctx);
      const [model] = await loadModel(ctx, { slug: ctx.params.slug });
      if (!model || !slugs.has(model.manufacturer_slug)) throw new HttpError(404, `No model ${ctx.params.slug} on this site`);
      return { json: model };
    },
  },
  {
    method: 'GET',
    path: '/api/models/{slug}/brochure.pdf',
    tag: 'Content',
    summary: 'A model brochure (specifications, variants with prices and features, colours) as PDF.',
    produces: 'application/pdf',
    handler: async (ctx) => {
      const slugs = await siteMakeSlugs(ctx);
      const [model] = await loadModel(ctx, { slug: ctx.params.slug });
      if (!model || !slugs.has(model.manufacturer_slug)) throw new HttpError(404, `No model ${ctx.params.slug} on this site`);
      const lines: PdfLine[] = [
        { text: ctx.tenant.config.name, size: 10 },
        { text: model.full_name, size: 22, bold: true, gap: 6 },
        { text: model.short_description, size: 11, gap: 4 },
        { text: 'Specifications', size: 13, bold: true, gap: 14 },
        ...model.model_specifications.map((s) => ({ text: `${s.category}: ${s.value}`, size: 11 })),
        { text: 'Variants', size: 13, bold: true, gap: 14 },
        ...model.variants.flatMap((v) => [
          { text: `${v.full_name}${v.price ? ` from ${formatMoney(v.price)}` : ''}`, size: 11, bold: true, gap: 4 },
          { text: v.features.join(', '), size: 10 },
        ]),
        { text: 'Colours', size: 13, bold: true, gap: 14 },
        { text: [...new Set(model.colours.map((c) => c.name))].join(', '), size: 10 },
        { text: 'Driver assistance', size: 13, bold: true, gap: 14 },
        { text: model.driver_assistance.join(', '), size: 10 },
      ];
      return { body: await renderPdf(`${model.full_name} brochure`, lines), contentType: 'application/pdf', headers: { 'Content-Disposition': `inline; filename="${model.slug}.pdf"` } };
    },
  },
  {
    method: 'GET',
    path: '/api/blog',
    tag: 'Content',
    summary: 'Blog post cards (without bodies), newest first, optionally of one category.',
    query: BlogQuery,
    response: pagedSchema(BlogCardSchema),
    handler: async (ctx) => {
      const q = parseInput(BlogQuery, Object.fromEntries(ctx.query), 'query');
      if (hidesSampleData(ctx.tenant, 'blog')) throw new HttpError(404, 'This site has no news pages');
      let base = ctx.db.selectFrom('blog_posts').where('site_id', '=', ctx.siteId);
      if (q.category) base = base.where('category', '=', q.category);
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base.select(['id', 'slug', 'category', 'heading', 'description', 'published_on', 'featured']).orderBy('published_on', 'desc').orderBy('id').limit(q.per_page).offset((q.page - 1) * q.per_page).execute();
      const count = Number(n);
      return { json: { items: rows.map(toBlogCard), count, page: q.page, pages: Math.ceil(count / q.per_page) } };
    },
  },
  {
    method: 'GET',
    path: '/api/blog/{slug}',
    tag: 'Content',
    summary: 'One blog post, its body the dealer\'s HTML sanitised into rich text (allowlisted tags; links only to this site\'s paths or https sites).',
    response: BlogPostSchema,
    handler: async (ctx) => {
      if (hidesSampleData(ctx.tenant, 'blog')) throw new HttpError(404, 'This site has no news pages');
      const row = await ctx.db.selectFrom('blog_posts').selectAll().where('site_id', '=', ctx.siteId).where('slug', '=', ctx.params.slug ?? '').executeTakeFirst();
      if (!row) throw new HttpError(404, `No blog post ${ctx.params.slug} on this site`);
      return { json: toBlogPost(row, ctx) };
    },
  },
  {
    method: 'GET',
    path: '/api/offers',
    tag: 'Content',
    summary: 'Special offers currently inside their start/expiry window (21 per page), filterable by category, campaign (eofy), price range and text; with the categories of every live offer.',
    query: OffersQuery,
    response: OffersPageSchema,
    handler: async (ctx) => {
      const q = parseInput(OffersQuery, Object.fromEntries(ctx.query), 'query');
      const now = ctx.services.now();
      const live = liveOffers(ctx.db, ctx.siteId, now);
      let base = live;
      if (q.category) base = base.where('category', '=', q.category);
      if (q.campaign) base = base.where('campaign', '=', q.campaign);
      if (q.query) {
        // The shopper's text is matched literally: LIKE wildcards in it are escaped.
        const pattern = `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern), eb('make', 'ilike', pattern), eb('model', 'ilike', pattern)]));
      }
      if (q.price_min !== undefined) base = base.where('price', '>=', q.price_min);
      if (q.price_max !== undefined) base = base.where('price', '<', q.price_max);
      const [{ n }, categories] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        live.select('category').distinct().orderBy('category').execute(),
      ]);
      const rows = await base.selectAll().orderBy('expires_at').orderBy('id').limit(q.per_page).offset((q.page - 1) * q.per_page).execute();
      const count = Number(n);
      return { json: { items: rows.map((row) => toOffer(row, ctx)), count, page: q.page, pages: Math.ceil(count / q.per_page), categories: categories.map((c) => c.category) } };
    },
  },
  {
    method: 'GET',
    path: '/api/offers/{id}',
    tag: 'Content',
    summary: 'One offer by id (also outside its window, so old links still explain themselves).',
    response: OfferSchema,
    handler: async (ctx) => {
      const id = Number(ctx.params.id);
      const row = Number.isInteger(id) && id > 0 && id <= MAX_ID ? await ctx.db.selectFrom('offers').selectAll().where('site_id', '=', ctx.siteId).where('id', '=', id).executeTakeFirst() : undefined;
      if (!row) throw new HttpError(404, `No offer ${ctx.params.id} on this site`);
      return { json: toOffer(row, ctx) };
    },
  },
];
