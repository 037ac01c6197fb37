import { createFileRoute, redirect } from '@tanstack/react-router';

// /search on its own goes to the site's default search path (spec §2).
export const Route = createFileRoute('/search/')({
  beforeLoad: ({ context }) => {
    throw redirect({ href: context.tenant.routes.defaultSearchPath, replace: true, statusCode: 302 });
  },
});
