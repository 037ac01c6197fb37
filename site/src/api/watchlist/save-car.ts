import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postWatchlistChange } from './change-car.ts';
import { watchlistMutationCallbacks, type WatchlistChangeVariables, type WatchlistMutationHooks } from './watchlist-cache.ts';

/** Saves a car to the watchlist (POST /api/watchlist/save-car) and returns the server's list. */
export function saveCar(variables: WatchlistChangeVariables): Promise<number[]> {
  return postWatchlistChange('save', variables);
}

/** Save mutation: the car shows as saved at once and is taken back if the server says no. */
export function useSaveCar(hooks: WatchlistMutationHooks = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCar, ...watchlistMutationCallbacks(queryClient, 'save', hooks) });
}
