import { queryOptions, useQuery } from '@tanstack/react-query';
import { WatchlistResponseSchema } from '../../../../schema/api/user.ts';
import { getJson } from '../http.ts';

/** Car ids on the signed-in user's watchlist, in the order they were saved (GET /api/watchlist). */
export async function fetchWatchlist(): Promise<number[]> {
  const answer = await getJson('/api/watchlist', WatchlistResponseSchema);
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
