import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignUpSchema } from '../../../../schema/api/user.ts';
import { ApiRequestError, getJson } from '../http.ts';
import { meQueryOptions, meResponseSchema } from './me.ts';

/** Body of POST /api/auth/sign-up. */
export type SignUpBody = z.infer<typeof SignUpSchema>;

/** Creates an account and signs in (POST /api/auth/sign-up; the session is an HttpOnly cookie). */
export async function signUp(body: SignUpBody) {
  try {
    return await getJson('/api/auth/sign-up', meResponseSchema, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.notJson || error.status === 404)) {
      throw new ApiRequestError(error.path, error.status, 'Creating an account is not available on this site yet.');
    }
    throw error;
  }
}

/** Sign-up mutation; on success the cached session is replaced so guards see the new user at once. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions().queryKey, me),
  });
}
