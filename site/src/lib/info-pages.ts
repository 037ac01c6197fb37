import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { canonicalInfoPath, type InfoPageKey } from '../domain/info-pages.ts';
import { standardInfoPage } from '../domain/standard-info-pages.ts';
import { pageHead, type RouteHead } from './head.ts';
import { pageFor } from './route-exists.ts';

export type { InfoPageKey } from '../domain/info-pages.ts';

/** An information page's copy. */
export interface InfoPageContent {
  title: string;
  paragraphs: string[];
}

/**
 * The tenant's copy for one information page; the standard text for the pages every site has
 * (privacy policy, terms, about us) while it has none of its own; otherwise undefined.
 */
export function infoPageContent(tenant: ResolvedTenant, key: InfoPageKey): InfoPageContent | undefined {
  return ownInfoPageContent(tenant, key) ?? standardInfoPage(key, tenant);
}

function ownInfoPageContent(tenant: ResolvedTenant, key: InfoPageKey): InfoPageContent | undefined {
  const pages = tenant.content.pages;
  switch (key) {
    case 'terms': {
      if (!pages?.terms) return undefined;
      const { title, paragraphs } = pages.terms;
      return { title, paragraphs };
    }
    case 'privacy': {
      if (!pages?.privacy) return undefined;
      const { title, paragraphs } = pages.privacy;
      return { title, paragraphs };
    }
    case 'warranty': {
      if (!pages?.warranty) return undefined;
      const { title, paragraphs } = pages.warranty;
      return { title, paragraphs };
    }
    case 'buying': {
      if (!pages?.buying) return undefined;
      const { title, paragraphs } = pages.buying;
      return { title, paragraphs };
    }
    case 'owners': {
      if (!pages?.owners) return undefined;
      const { title, paragraphs } = pages.owners;
      return { title, paragraphs };
    }
    case 'cappedPriceService': {
      if (!pages?.cappedPriceService) return undefined;
      const { title, paragraphs } = pages.cappedPriceService;
      return { title, paragraphs };
    }
    case 'roadsideAssistance': {
      if (!pages?.roadsideAssistance) return undefined;
      const { title, paragraphs } = pages.roadsideAssistance;
      return { title, paragraphs };
    }
    case 'aboutUs': {
      if (!pages?.aboutUs) return undefined;
      const { title, paragraphs } = pages.aboutUs;
      return { title, paragraphs };
    }
  }
}

/**
 * The route options that make an information page exist only for tenants with copy for it:
 * links to it are shown only then, and without copy the route answers 404 (lib/route-exists.ts).
 */
export function infoPageGate(key: InfoPageKey) {
  return pageFor((tenant) => infoPageContent(tenant, key) !== undefined);
}

/** The head of an information page: its title, its first paragraph as the description, its canonical URL. */
export function infoPageHead(tenant: ResolvedTenant, key: InfoPageKey): RouteHead {
  const content = infoPageContent(tenant, key);
  if (!content) return pageHead(tenant, { title: 'Page not found', noindex: true });
  const first = content.paragraphs[0] ?? '';
  const description = first.length > 160 ? `${first.slice(0, first.lastIndexOf(' ', 157))}…` : first;
  return pageHead(tenant, { title: content.title, ...(description ? { description } : {}), canonicalPath: canonicalInfoPath(key) });
}
