import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateMeSchema } from '../../../../schema/api/user.ts';
import { getJson } from '../http.ts';
import { meQueryOptions, meResponseSchema } from './me.ts';

/** Body of PATCH /api/auth/me (name and/or phone). */
export type UpdateMeBody = z.infer<typeof UpdateMeSchema>;

/** Updates the signed-in user's name or phone (PATCH /api/auth/me) and returns the user. */
export function updateMe(body: UpdateMeBody) {
  return getJson('/api/auth/me', meResponseSchema, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Update mutation; the cached session takes the answer so the watchlist sees the new phone at once. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions().queryKey, me),
  });
}
