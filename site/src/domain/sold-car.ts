import { emptySearchState, searchUrl } from './search-url.ts';

/*
 * A car sold beyond the sold window (spec §4: sold cars remain listed for the window, default 3
 * days or the dealer's include_sold_cars_days, then leave the site). Its page is gone (HTTP 410)
 * and leads the shopper to similar stock instead.
 */

/** A link from a gone car's page to stock like it. */
export interface StockLink {
  label: string;
  href: string;
}

/**
 * Where a gone car's page leads: the search of its make and model, then of its make (both real
 * search pages, with or without stock today).
 * @param car the sold car's make and model
 */
export function soldCarStockLinks(car: { make: string; model: string }): StockLink[] {
  return [
    { label: `Browse ${car.make} ${car.model}`, href: searchUrl({ ...emptySearchState(), lists: { make: [car.make], make_model: [`${car.make} ${car.model}`] } }) },
    { label: `Browse all ${car.make}`, href: searchUrl({ ...emptySearchState(), lists: { make: [car.make] } }) },
  ];
}

/**
 * The gone page's description: what happened to the car and where to look now.
 * @param title the car's title
 * @param dealer the dealer's name
 */
export function soldCarDescription(title: string, dealer: string): string {
  return `The ${title} has been sold. See similar cars in stock at ${dealer}.`;
}
