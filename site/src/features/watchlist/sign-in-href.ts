/** Where a visitor without a session or phone goes (spec §6): sign-in, then back to this page. */
export function watchlistSignInHref(here: string): string {
  return `/sign-in?type=watchlist&redirect=${encodeURIComponent(here)}&back=${encodeURIComponent(here)}`;
}
