import { createRootRouteWithContext, HeadContent, Scripts, type ErrorComponentProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { organisationJsonLdOf, pageHead } from '../lib/head.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { NotFoundPage } from '../components/layout/not-found-page.tsx';
import { RouteError } from '../components/layout/route-error.tsx';
import { RootLayout } from '../components/layout/root-layout.tsx';
import { FRAME_SLOTS } from './-frame/frame-features.tsx';
import { tenantThemeCss } from '../domain/theme.ts';

/*
 * Where the page's content ends. The browser paints nothing until it has parsed this far (the
 * head's render-blocking `expect` link), so the first paint is the whole page, laid out once.
 * Left to itself, Chromium painted the header and the first cards, then parsed and laid out the
 * rest in tasks after that paint (30–70 ms of layout on a search page, all of it in the way of a
 * shopper's first tap). The whole document arrives at once and its body is parsed while the
 * stylesheets load (lib/early-head-script.ts), so the wait costs the first paint little.
 */
const CONTENT_END = 'content-end';

/**
 * The theme's CSS, worked out once per theme object: the root's head is computed for every page
 * and again when a page hydrates, and the theme's contrast checks made it a few milliseconds of
 * a phone's start-up. The editor's preview hands in a new theme object when the theme changes.
 */
const themeCss = new WeakMap<RouterContext['tenant']['theme'], string>();
function themeCssOf(theme: RouterContext['tenant']['theme']): string {
  let css = themeCss.get(theme);
  if (css === undefined) themeCss.set(theme, (css = tenantThemeCss(theme)));
  return css;
}

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
      links: [
        { rel: 'icon', href: 'data:,' },
        // The first paint waits until the page's content is parsed (CONTENT_END below).
        { rel: 'expect', href: `#${CONTENT_END}`, blocking: 'render' },
      ],
      // The theme's colours in the first HTML, so the first paint is the tenant's (React writes
      // the stylesheets ahead of this; the variables are defined here only, so order is moot).
      styles: [{ id: 'tenant-theme', children: `:root{${themeCssOf(tenant.theme)}}` }],
    };
  },
  component: RootDocument,
  errorComponent: RootError,
  notFoundComponent: NotFoundPage,
});

/** The whole document around the page: its head, and the scripts after the page's content. */
function DocumentShell({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <span id={CONTENT_END} hidden />
        <Scripts />
      </body>
    </html>
  );
}

/** The whole document: rendered on the server, hydrated in the browser. */
function RootDocument() {
  return (
    <DocumentShell>
      <RootLayout slots={FRAME_SLOTS} />
    </DocumentShell>
  );
}

/**
 * A failure of the page frame itself (a part of its header or footer): the route's error in the
 * whole document, with the head and its styles. The error alone, in place of the document, left the
 * shopper an unstyled page: React removes what the document had put in the head with it.
 */
function RootError(props: ErrorComponentProps) {
  return (
    <DocumentShell>
      <main id="main">
        <RouteError {...props} />
      </main>
    </DocumentShell>
  );
}
