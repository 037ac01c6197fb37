import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponseSchema } from '../../../../schema/api/user.ts';
import type { SiteServices } from '../../lib/services.ts';
import { ApiRequestError, getJson } from '../http.ts';
import { mayHaveSession } from './session-hint.ts';

/** The signed-in user, or null when signed out (GET /api/auth/me). */
export type Me = import('zod').infer<typeof MeResponseSchema>;

/** The schema of every answer that is the session (me, sign-in, sign-up, update), imported with the request: the header and account forms hydrate without zod. */
export const meResponseSchema = () => import('../../../../schema/api/user.ts').then((module) => module.MeResponseSchema);

/**
 * Reads the session. A site served without the platform API (a static preview) has no
 * sessions, so an unreachable endpoint counts as signed out rather than as an error page.
 */
export async function fetchMe(services?: Pick<SiteServices, 'fetch' | 'cookie'>): Promise<Me> {
  // Without the signed-in hint there is no session to ask about (most visitors, and every
  // server render of an anonymous request).
  if (services && !mayHaveSession(services.cookie())) return { user: null };
  try {
    return await getJson('/api/auth/me', meResponseSchema, undefined, services?.fetch);
  } catch (error) {
    const noApi = error instanceof TypeError || (error instanceof ApiRequestError && (error.notJson || error.status === 404));
    if (noApi) return { user: null };
    throw error;
  }
}

/** Query options for the session; shared by route guards (ensureQueryData) and components. */
export function meQueryOptions(services?: Pick<SiteServices, 'fetch' | 'cookie'>) {
  return queryOptions({ queryKey: ['auth', 'me'], queryFn: () => fetchMe(services), staleTime: 30_000 });
}

/** The session in a component. */
export function useMe() {
  return useQuery(meQueryOptions());
}
