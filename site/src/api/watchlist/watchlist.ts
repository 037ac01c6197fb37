import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../http.ts';

// Answer schemas are imported with the request, so a part that hydrates with this client does not load zod first.
const watchlistResponseSchema = () => import('../../../../schema/api/user.ts').then((module) => module.WatchlistResponseSchema);

/** Car ids on the signed-in user's watchlist, in the order they were saved (GET /api/watchlist). */
export async function fetchWatchlist(): Promise<number[]> {
  const answer = await getJson('/api/watchlist', watchlistResponseSchema);
  return answer.watchlist.map((entry) => entry.id);
}

/**
 * Query options of the watchlist ids. Keyed by user so a different account never sees the
 * previous one's list; saves and removals update this entry optimistically (watchlist-cache.ts).
 */
export function watchlistQueryOptions(userId: number) {
  return queryOptions({ queryKey: ['watchlist', userId], queryFn: fetchWatchlist, staleTime: 60_000 });
}

/** The watchlist ids in a component; off (no request) until there is a user who can have one. */
export function useWatchlist(userId: number | null) {
  return useQuery({ ...watchlistQueryOptions(userId ?? 0), enabled: userId !== null });
}
