import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignInSchema } from '../../../../schema/api/user.ts';
import { ApiRequestError, getJson } from '../http.ts';
import { meQueryOptions, meResponseSchema } from './me.ts';

/** Credentials of POST /api/auth/sign-in. */
export type SignInBody = z.infer<typeof SignInSchema>;

/** Signs in (POST /api/auth/sign-in; the session is an HttpOnly cookie) and returns the user. */
export async function signIn(body: SignInBody) {
  try {
    return await getJson('/api/auth/sign-in', meResponseSchema, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.notJson || error.status === 404)) {
      throw new ApiRequestError(error.path, error.status, 'Sign-in is not available on this site yet.');
    }
    throw error;
  }
}

/** Sign-in mutation; on success the cached session is replaced so guards see the user at once. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions().queryKey, me),
  });
}
