import type { QueryClient } from '@tanstack/react-query';
import { watchlistQueryOptions } from './watchlist.ts';

/** Which way a watchlist call changes the list. */
export type WatchlistChangeMode = 'save' | 'remove';

/** Variables of the save and remove mutations (spec §7: phone_number, car_id) plus whose list it is. */
export interface WatchlistChangeVariables {
  userId: number;
  phone_number: string;
  car_id: number;
}

/** What onMutate remembers so a failed call can put the list back. */
export interface WatchlistRollback {
  previous: number[] | undefined;
}

/**
 * Host callbacks run after the cache is settled. They live on the mutation, not on one
 * `mutate` call, so they still run when the button that started the call has unmounted
 * (a removed row of the watchlist page).
 */
export interface WatchlistMutationHooks {
  onSuccess?: (ids: number[], variables: WatchlistChangeVariables) => void;
  onError?: (error: Error, variables: WatchlistChangeVariables) => void;
}

/**
 * The list as it will be after the change: a save appends the car once, a removal drops it.
 * Pure, so the optimistic step and its tests agree on one rule.
 */
export function applyWatchlistChange(ids: readonly number[], mode: WatchlistChangeMode, carId: number): number[] {
  if (mode === 'save') return ids.includes(carId) ? [...ids] : [...ids, carId];
  return ids.filter((id) => id !== carId);
}

/**
 * Mutation callbacks shared by save and remove (spec §4 Watchlist: "save updates the list
 * optimistically then calls the server"). onMutate writes the expected list at once; onError
 * restores the list from before the call, so a failed save is treated as unsuccessful (spec §8);
 * onSuccess takes the server's list as the truth.
 */
export function watchlistMutationCallbacks(queryClient: QueryClient, mode: WatchlistChangeMode, hooks: WatchlistMutationHooks = {}) {
  return {
    onMutate: async (variables: WatchlistChangeVariables): Promise<WatchlistRollback> => {
      const { queryKey } = watchlistQueryOptions(variables.userId);
      // A fetch already in flight would overwrite the optimistic list with the old one.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, applyWatchlistChange(previous ?? [], mode, variables.car_id));
      return { previous };
    },
    onError: (error: Error, variables: WatchlistChangeVariables, context: WatchlistRollback | undefined) => {
      const { queryKey } = watchlistQueryOptions(variables.userId);
      if (context?.previous === undefined) queryClient.removeQueries({ queryKey, exact: true });
      else queryClient.setQueryData(queryKey, context.previous);
      hooks.onError?.(error, variables);
    },
    onSuccess: (ids: number[], variables: WatchlistChangeVariables) => {
      queryClient.setQueryData(watchlistQueryOptions(variables.userId).queryKey, ids);
      hooks.onSuccess?.(ids, variables);
    },
  };
}
