import { notFound } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';

/** Keys of the information pages of spec §2 in `content.pages`. */
export type InfoPageKey =
  | 'terms'
  | 'privacy'
  | 'warranty'
  | 'buying'
  | 'owners'
  | 'cappedPriceService'
  | 'roadsideAssistance'
  | 'aboutUs';

/** An information page's copy. */
export interface InfoPageContent {
  title: string;
  paragraphs: string[];
}

/** The tenant's copy for one information page, or undefined when it has none. */
export function infoPageContent(tenant: ResolvedTenant, key: InfoPageKey): InfoPageContent | undefined {
  const pages = tenant.content?.pages;
  switch (key) {
    case 'terms':
      return pages?.terms;
    case 'privacy':
      return pages?.privacy;
    case 'warranty':
      return pages?.warranty;
    case 'buying':
      return pages?.buying;
    case 'owners':
      return pages?.owners;
    case 'cappedPriceService':
      return pages?.cappedPriceService;
    case 'roadsideAssistance':
      return pages?.roadsideAssistance;
    case 'aboutUs':
      return pages?.aboutUs;
  }
}

/**
 * Route guard for information pages: a tenant without copy for the page gets the not-found
 * page rather than an empty one.
 */
export function requireInfoPage(tenant: ResolvedTenant, key: InfoPageKey): void {
  if (!infoPageContent(tenant, key)) throw notFound();
}
