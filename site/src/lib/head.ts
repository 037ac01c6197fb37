import type { ComponentProps } from 'react';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { absoluteUrl, documentTitle, organisationJsonLd } from '../domain/page-head.ts';

/*
 * Route heads (TanStack Router `head`): each route declares its title, description and
 * canonical path once; the server render writes them into the first HTML and client-side
 * navigations update the document from the same declaration.
 */

type MetaTag = ComponentProps<'meta'>;
type LinkTag = ComponentProps<'link'>;

/** What a route's `head` returns. */
export interface RouteHead {
  meta: MetaTag[];
  links: LinkTag[];
}

/** What a page says about itself. */
export interface PageHeadInput {
  /** Page title without the site name; null for the home page. */
  title: string | null;
  description?: string;
  /** Canonical path (and query) of the page; omit for pages that must not be indexed. */
  canonicalPath?: string;
  /** Extra JSON-LD documents of this page. */
  jsonLd?: (Record<string, unknown> | null)[];
  /** Keep the page out of search results (sign-in, personal pages, errors). */
  noindex?: boolean;
  /** The page's own preview image (path or URL); the tenant's logo otherwise. */
  image?: string | null;
  /** Open Graph type; 'website' by default ('product' for a car). */
  ogType?: string;
}

/** The tenant's default meta description. */
export function siteDescription(tenant: ResolvedTenant): string {
  return `${tenant.name}: new, used and demo cars, finance and servicing.`;
}

/** The head of one page: title, description, canonical URL, Open Graph and Twitter tags, JSON-LD. */
export function pageHead(tenant: ResolvedTenant, input: PageHeadInput): RouteHead {
  const title = documentTitle(input.title, tenant.name);
  const description = input.description ?? siteDescription(tenant);
  const url = input.canonicalPath === undefined ? null : absoluteUrl(tenant.siteUrl, input.canonicalPath);
  const meta: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: input.ogType ?? 'website' },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (url) meta.push({ property: 'og:url', content: url });
  // A logo inlined as a data: URL is no use to a link preview.
  if (input.image) meta.push({ property: 'og:image', content: absoluteUrl(tenant.siteUrl, input.image) });
  else if (tenant.theme.logo && !tenant.theme.logo.src.startsWith('data:')) meta.push({ property: 'og:image', content: absoluteUrl(tenant.siteUrl, tenant.theme.logo.src) });
  if (input.noindex) meta.push({ name: 'robots', content: 'noindex' });
  // JSON-LD is for crawlers, which read the server's HTML: the router writes these entries as
  // <script type="application/ld+json"> there. The browser bundle leaves them (and the code that
  // builds them) out; React skips data scripts it did not render when it hydrates <head>.
  if (import.meta.env.SSR) for (const data of input.jsonLd ?? []) if (data) meta.push({ 'script:ld+json': data } as MetaTag);
  return { meta, links: url ? [{ rel: 'canonical', href: url }] : [] };
}

/** The organisation's JSON-LD (every page): the group and an AutoDealer per visible location. */
export function organisationJsonLdOf(tenant: ResolvedTenant): Record<string, unknown> | null {
  if (!import.meta.env.SSR) return null;
  return organisationJsonLd({
    name: tenant.name,
    siteUrl: tenant.siteUrl,
    ...(tenant.theme.logo && !tenant.theme.logo.src.startsWith('data:') ? { logoUrl: absoluteUrl(tenant.siteUrl, tenant.theme.logo.src) } : {}),
    locations: tenant.dealer.locations.filter((location) => location.visible),
  });
}
