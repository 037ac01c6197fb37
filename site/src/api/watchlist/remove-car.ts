import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postWatchlistChange } from './change-car.ts';
import { watchlistMutationCallbacks, type WatchlistChangeVariables, type WatchlistMutationHooks } from './watchlist-cache.ts';

/** Removes a car from the watchlist (POST /api/watchlist/remove-car) and returns the server's list. */
export function removeCar(variables: WatchlistChangeVariables): Promise<number[]> {
  return postWatchlistChange('remove', variables);
}

/** Remove mutation: the car leaves the list at once and comes back if the server says no. */
export function useRemoveCar(hooks: WatchlistMutationHooks = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCar, ...watchlistMutationCallbacks(queryClient, 'remove', hooks) });
}
