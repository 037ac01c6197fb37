import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { SearchPage } from '../../features/search/search-page.tsx';

// Every search URL of spec §2 (/search/new-used-and-demo-cars/, /search/used-cars,
// /search/{make}/{model}, /search/{dealership_slug}…) is this one route: the page reads the
// path itself (domain search-url.ts), so moving between them never remounts the search.
export const Route = createFileRoute('/search/$')({
  // Loaded on demand so the search client stays out of every other page's initial bundle.
  loader: async ({ context }) => {
    const { loadSearchPage } = await import('../../features/search/search-setup.ts');
    return loadSearchPage(context.queryClient, context.tenant);
  },
  // Refinements change the URL; they must not re-run the loader (the page owns that state).
  shouldReload: false,
  staleTime: Infinity,
  component: SearchRoute,
});

function SearchRoute() {
  const data = Route.useLoaderData();
  useDocumentTitle('Stock for sale');
  return <SearchPage {...data} />;
}
