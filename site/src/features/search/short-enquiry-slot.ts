import { featureComponent } from '../../lib/feature-component.tsx';

/*
 * The short enquiry form loads only with an empty search (it is the form engine's weight). A page
 * the server rendered without results loads it before hydrating (`loadShortEnquiryIfShown`), so
 * the form hydrates with the page and a Send clicked meanwhile is held and replayed like any form's.
 * Its own module: the search route's staticData imports the loader, and staticData stays in the
 * code every page loads, so importing it from search-page.tsx put the whole search page (and
 * InstantSearch) into every page's first JavaScript.
 */
export const ShortEnquiryForm = featureComponent<{ title: string; intro: string; context: string }>(() => import('../../components/lead-forms/short-enquiry-form.tsx'));

/** Loads the short enquiry form when the server-rendered page shows it (search route's staticData.features). */
export function loadShortEnquiryIfShown(): Promise<unknown> | null {
  return typeof document !== 'undefined' && document.querySelector('[data-testid="empty-state"]') ? ShortEnquiryForm.load() : null;
}
