/*
 * The call-to-action card among search results (spec §9: "car card call-to-action position 30").
 * The position counts cars across the whole result list, not one page: with 21 cars a page the
 * card follows the 30th car, ninth on page two, so a shopper who has scrolled past 30 cars without
 * finding theirs is offered the enquiry. 0 switches the card off.
 */

/**
 * How many of this page's cars come before the call-to-action card, or null when the card is not
 * on this page.
 * @param position the tenant's `search.ctaCardPosition` (the card follows that many cars)
 * @param page the 0-based results page
 * @param hitsPerPage cars per page (`search.pageSize`)
 * @param carsOnPage cars shown on this page
 */
export function ctaCardSlot(position: number, page: number, hitsPerPage: number, carsOnPage: number): number | null {
  if (position <= 0) return null;
  const local = position - page * hitsPerPage;
  return local >= 1 && local <= carsOnPage ? local : null;
}
