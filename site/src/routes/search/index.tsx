import { createFileRoute, redirect } from '@tanstack/react-router';

// /search on its own goes to the site's default search path (spec §2), keeping what the link
// asked for (`/search/?query=hilux` searches for "hilux" there).
export const Route = createFileRoute('/search/')({
  beforeLoad: ({ context, location }) => {
    throw redirect({ href: `${context.tenant.routes.defaultSearchPath}${location.searchStr}`, replace: true, statusCode: 302 });
  },
});
