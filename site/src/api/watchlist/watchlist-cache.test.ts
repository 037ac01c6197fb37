import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyWatchlistChange, watchlistMutationCallbacks } from './watchlist-cache.ts';
import { watchlistQueryOptions } from './watchlist.ts';

const user = { userId: 7, phone_number: '0412 345 678' };
const key = watchlistQueryOptions(7).queryKey;

describe('applyWatchlistChange', () => {
  it('appends a saved car once and keeps the order', () => {
    expect(applyWatchlistChange([3, 5], 'save', 9)).toEqual([3, 5, 9]);
    expect(applyWatchlistChange([3, 5], 'save', 5)).toEqual([3, 5]);
  });

  it('drops a removed car and ignores one that is not there', () => {
    expect(applyWatchlistChange([3, 5, 9], 'remove', 5)).toEqual([3, 9]);
    expect(applyWatchlistChange([3], 'remove', 4)).toEqual([3]);
  });
});

describe('watchlistMutationCallbacks', () => {
  it('shows a save at once, then keeps the server list on success', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [3]);
    const onSuccess = vi.fn();
    const callbacks = watchlistMutationCallbacks(client, 'save', { onSuccess });

    await callbacks.onMutate({ ...user, car_id: 9 });
    expect(client.getQueryData(key)).toEqual([3, 9]);
    callbacks.onSuccess([3, 9, 11], { ...user, car_id: 9 });

    expect(client.getQueryData(key)).toEqual([3, 9, 11]);
    expect(onSuccess).toHaveBeenCalledWith([3, 9, 11], { ...user, car_id: 9 });
  });

  it('rolls a failed save back to the list from before the call', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [3]);
    const onError = vi.fn();
    const callbacks = watchlistMutationCallbacks(client, 'save', { onError });
    const variables = { ...user, car_id: 9 };

    const context = await callbacks.onMutate(variables);
    const failure = new Error('Please add a phone number to your account to use your watchlist.');
    callbacks.onError(failure, variables, context);

    expect(client.getQueryData(key)).toEqual([3]);
    expect(onError).toHaveBeenCalledWith(failure, variables);
  });

  it('rolls a failed removal back so the car shows as saved again', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [3, 9]);
    const callbacks = watchlistMutationCallbacks(client, 'remove');
    const variables = { ...user, car_id: 9 };

    const context = await callbacks.onMutate(variables);
    expect(client.getQueryData(key)).toEqual([3]);
    callbacks.onError(new Error('This car is no longer available.'), variables, context);

    expect(client.getQueryData(key)).toEqual([3, 9]);
  });

  it('forgets an optimistic list that had nothing before it, so the next read asks the server', async () => {
    const client = new QueryClient();
    const callbacks = watchlistMutationCallbacks(client, 'save');
    const variables = { ...user, car_id: 9 };

    const context = await callbacks.onMutate(variables);
    expect(client.getQueryData(key)).toEqual([9]);
    callbacks.onError(new Error('offline'), variables, context);

    expect(client.getQueryData(key)).toBeUndefined();
  });

  it('only touches the list of the user who made the change', async () => {
    const client = new QueryClient();
    client.setQueryData(watchlistQueryOptions(8).queryKey, [1]);
    const callbacks = watchlistMutationCallbacks(client, 'save');

    await callbacks.onMutate({ ...user, car_id: 9 });

    expect(client.getQueryData(watchlistQueryOptions(8).queryKey)).toEqual([1]);
  });
});
