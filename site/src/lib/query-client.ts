import { QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient per app. Stock and content change slowly, so data stays fresh for a
 * minute and is kept for five; failed calls retry once (the API is on the same origin, so
 * a second failure is real) and 4xx answers never retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { status?: number } | null)?.status;
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
