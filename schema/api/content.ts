import { z } from 'zod';
import { RichTextSchema } from './rich-text.ts';

/*
 * Content records of spec §3: manufacturers and the brand directory, model pages (colours,
 * variants, specifications), blog posts and special offers.
 */

/** Manufacturer of spec §3. */
export const ManufacturerSchema = z.object({
  id: z.int32(),
  name: z.string(),
  slug: z.string(),
  logo: z.object({ url: z.string() }),
});
export type Manufacturer = z.infer<typeof ManufacturerSchema>;

/** Brand directory kind: car, motorcycle, truck or the dealer's own brand. */
export const BrandKindSchema = z.enum(['car', 'motorcycle', 'truck', 'own']);

/** Brand directory entry of spec §3. */
export const BrandDirectoryEntrySchema = z.object({
  title: z.string(),
  slug: z.string(),
  kind: BrandKindSchema,
  /** Logo URL; null when the platform has no logo for the brand (the site shows an image-not-found placeholder). */
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  description: z.array(z.string()),
  skipPage: z.boolean(),
});
export type BrandDirectoryEntry = z.infer<typeof BrandDirectoryEntrySchema>;

/** Model colour of spec §3. */
export const ModelColourSchema = z.object({
  id: z.int32(),
  name: z.string(),
  photo_url: z.string(),
  hexCode: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  oem_id: z.string().nullable(),
  model_variant_name: z.string(),
  /** Body type the colour photo shows (wagon, sedan, hatch…), used for colour ordering. */
  body_type: z.string().nullable(),
});
export type ModelColour = z.infer<typeof ModelColourSchema>;

/** A variant of a model with its features and drive-away price. */
export const ModelVariantSchema = z.object({
  full_name: z.string(),
  series: z.string().nullable(),
  name: z.string(),
  price: z.number().nullable(),
  features: z.array(z.string()),
});
export type ModelVariant = z.infer<typeof ModelVariantSchema>;

/** Model page record of spec §3. */
export const ModelSchema = z.object({
  id: z.int32(),
  manufacturer_slug: z.string(),
  slug: z.string(),
  name: z.string(),
  full_name: z.string(),
  status: z.string(),
  short_description: z.string(),
  image: z.object({ url: z.string() }),
  brochure_url: z.string().nullable(),
  images: z.array(z.string()),
  colours: z.array(ModelColourSchema),
  model_specifications: z.array(z.object({ category: z.string(), value: z.string() })),
  driver_assistance: z.array(z.string()),
  variants: z.array(ModelVariantSchema),
});
export type Model = z.infer<typeof ModelSchema>;

/** One page of the model listing (a manufacturer's models, or every make's), 21 per page. */
export const ModelListingPageSchema = pagedSchema(ModelSchema);
export type ModelListingPage = z.infer<typeof ModelListingPageSchema>;

/** Blog categories of spec §2 (4x4xMORE Adventures on some brands). */
export const BlogCategorySchema = z.enum([
  'Vehicle Reviews',
  'Buyer Advice',
  'Motoring Tips',
  'Servicing Insights',
  '4x4xMORE Adventures',
]);
export type BlogCategory = z.infer<typeof BlogCategorySchema>;

/** A blog post's card (spec §3 Blog card): heading, description, image, href, date; what post lists carry. */
export const BlogCardSchema = z.object({
  id: z.int32(),
  slug: z.string(),
  category: BlogCategorySchema,
  heading: z.string(),
  description: z.string(),
  image: z.string(),
  href: z.string(),
  /** ISO date. */
  date: z.string(),
  featured: z.boolean(),
});
export type BlogCard = z.infer<typeof BlogCardSchema>;

/** A blog post: its card and its body, the dealer's HTML sanitised into rich text. */
export const BlogPostSchema = BlogCardSchema.extend({ body: RichTextSchema });
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** Campaigns an offer can belong to: `eofy`, the end-of-financial-year sale (its pages list only its offers). */
export const OFFER_CAMPAIGNS = ['eofy'] as const;
export const OfferCampaignSchema = z.enum(OFFER_CAMPAIGNS);

/** A special offer. */
export const OfferSchema = z.object({
  id: z.int32(),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  car_type: z.enum(['new', 'used', 'demo']).nullable(),
  price: z.number().nullable(),
  description: z.string(),
  /** The dealer's terms (HTML in their CMS), sanitised into rich text. */
  terms: RichTextSchema,
  /** The campaign the offer belongs to, or null. */
  campaign: OfferCampaignSchema.nullable(),
  image: z.string(),
  /** ISO timestamps; the offer shows only inside its window. */
  start: z.string(),
  expiry: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;

/**
 * Builds the paged list answer shared by content listings (blog, offers, models).
 * @param item schema of one listed item
 */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    count: z.int32(),
    page: z.int32(),
    pages: z.int32(),
  });
}

/** The special-offers search answer (21 per page) with the categories of every live offer, for its filter. */
export const OffersPageSchema = pagedSchema(OfferSchema).extend({ categories: z.array(z.string()) });
export type OffersPage = z.infer<typeof OffersPageSchema>;
