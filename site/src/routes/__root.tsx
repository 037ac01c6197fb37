import { createRootRouteWithContext, HeadContent, Scripts } from '@tanstack/react-router';
import { organisationJsonLdOf, pageHead } from '../app/head.ts';
import { HOLD_INPUT_SCRIPT } from '../app/hydration-replay.ts';
import type { RouterContext } from '../app/router.tsx';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { RootLayout } from '../components/layout/root-layout.tsx';
import { tenantThemeCss } from '../domain/theme.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ match, matches }) => {
    const tenant = match.context.tenant;
    // An unknown path or record renders the not-found page (status 404): say so, and keep it out of search results.
    // oxlint-disable-next-line no-underscore-dangle -- the router marks a not-found match with _notFound
    const notFound = matches.some((m) => m.status === 'notFound' || m._notFound === true);
    const base = pageHead(tenant, { title: notFound ? 'Page not found' : null, jsonLd: [organisationJsonLdOf(tenant)], ...(notFound ? { noindex: true } : {}) });
    return {
      meta: [
        { charSet: 'UTF-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'color-scheme', content: 'light' },
        { name: 'theme-color', content: tenant.theme.colours.primary },
        { property: 'og:site_name', content: tenant.name },
        { property: 'og:locale', content: 'en_AU' },
        ...base.meta,
      ],
      links: [{ rel: 'icon', href: 'data:,' }],
      // The theme's colours before any stylesheet, so the first paint is the tenant's.
      styles: [{ id: 'tenant-theme', children: `:root{${tenantThemeCss(tenant.theme)}}` }],
      // The input-holding script runs from the server's HTML, before any content; the browser
      // bundle leaves its source out (2.6 KB the page already carried). React skips head scripts
      // it did not render when it hydrates, as it does for the JSON-LD (app/head.ts).
      scripts: import.meta.env.SSR ? [{ children: HOLD_INPUT_SCRIPT }] : [],
    };
  },
  component: RootDocument,
  notFoundComponent: NotFoundPage,
});

/** The whole document: rendered on the server, hydrated in the browser. */
function RootDocument() {
  return (
    <html lang="en-AU">
      <head>
        <HeadContent />
      </head>
      <body>
        <RootLayout />
        <Scripts />
      </body>
    </html>
  );
}
