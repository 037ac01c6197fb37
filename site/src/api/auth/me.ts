import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeResponseSchema } from '../../../../schema/api/user.ts';
import { ApiRequestError, getJson } from '../http.ts';

/** The signed-in user, or null when signed out (GET /api/auth/me). */
export type Me = import('zod').infer<typeof MeResponseSchema>;

/**
 * Reads the session. A site served without the platform API (a static preview) has no
 * sessions, so an unreachable endpoint counts as signed out rather than as an error page.
 */
export async function fetchMe(): Promise<Me> {
  try {
    return await getJson('/api/auth/me', MeResponseSchema);
  } catch (error) {
    const noApi = error instanceof TypeError || (error instanceof ApiRequestError && (error.notJson || error.status === 404));
    if (noApi) return { user: null };
    throw error;
  }
}

/** Query options for the session; shared by route guards (ensureQueryData) and components. */
export function meQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'me'], queryFn: fetchMe, staleTime: 30_000 });
}

/** The session in a component. */
export function useMe() {
  return useQuery(meQueryOptions());
}
