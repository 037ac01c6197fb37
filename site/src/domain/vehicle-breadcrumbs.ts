import { searchUrl, emptySearchState } from './search-url.ts';
import { vehicleTitle, type TitleInput } from './vehicle-title.ts';

/*
 * The vehicle page breadcrumbs (spec §2): Home, car type, make, optionally model, simple body,
 * then the current title.
 */

/** One breadcrumb: a link, or the current page (no href). */
export interface Crumb {
  label: string;
  href?: string;
}

/** The car fields the breadcrumbs read. */
export interface CrumbInput extends TitleInput {
  car_type: 'new' | 'used' | 'demo';
  simple_body?: string | null;
}

/** Labels of the car types in breadcrumbs (tenant labels for new and used). */
export interface CrumbLabels {
  newLabel: string;
  usedLabel: string;
}

/**
 * The vehicle page breadcrumbs (spec §2): Home, car type, make, model (when `withModel`),
 * simple body, then the current title. Each link is the search page of that refinement and
 * the ones before it, so every crumb narrows the stock the way the page is reached.
 */
export function vehicleBreadcrumbs(car: CrumbInput, labels: CrumbLabels, options: { seriesInTitle: boolean; withModel: boolean }): Crumb[] {
  const typeLabel = car.car_type === 'new' ? labels.newLabel : car.car_type === 'used' ? labels.usedLabel : 'Demo';
  const lists: Record<string, string[]> = { car_type: [car.car_type] };
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }, { label: typeLabel, href: searchUrl({ ...emptySearchState(), lists: { ...lists } }) }];
  lists.make = [car.make];
  crumbs.push({ label: car.make, href: searchUrl({ ...emptySearchState(), lists: { ...lists } }) });
  if (options.withModel) {
    lists.make_model = [`${car.make} ${car.model}`];
    crumbs.push({ label: car.model, href: searchUrl({ ...emptySearchState(), lists: { ...lists } }) });
  }
  if (car.simple_body) {
    lists.simple_body = [car.simple_body];
    crumbs.push({ label: car.simple_body, href: searchUrl({ ...emptySearchState(), lists: { ...lists } }) });
  }
  crumbs.push({ label: vehicleTitle(car, options.seriesInTitle) });
  return crumbs;
}
