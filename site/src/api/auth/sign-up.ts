import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignUpSchema } from '../../../../schema/api/user.ts';
import { ApiRequestError, getJson } from '../http.ts';
import { meQueryOptions } from './me.ts';

/** Body of POST /api/auth/sign-up. */
export type SignUpBody = z.infer<typeof SignUpSchema>;

const checkEmailSchema = () => import('../../../../schema/api/user.ts').then((module) => module.CheckEmailResponseSchema);
const signedInByLinkSchema = () => import('../../../../schema/api/user.ts').then((module) => module.SignedInByLinkResponseSchema);

async function post<T>(path: string, body: unknown, schema: Parameters<typeof getJson<T>>[1]): Promise<T> {
  try {
    return await getJson(path, schema, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.notJson || error.status === 404)) {
      throw new ApiRequestError(error.path, error.status, 'Accounts are not available on this site yet.');
    }
    throw error;
  }
}

/**
 * Asks to create an account (POST /api/auth/sign-up). The answer is always "check your email":
 * the account exists once the shopper opens the emailed link.
 */
export function signUp(body: SignUpBody) {
  return post('/api/auth/sign-up', body, checkEmailSchema);
}

/** Sign-up mutation. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/** Sends the sign-up email again (POST /api/auth/sign-up/resend). */
export function useResendSignUp() {
  return useMutation({ mutationFn: (email: string) => post('/api/auth/sign-up/resend', { email }, checkEmailSchema) });
}

/** Asks for a password-reset link (POST /api/auth/password-reset). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => post('/api/auth/password-reset', { email }, checkEmailSchema) });
}

/** Opens a sign-up's emailed link: creates the account and signs in; the cached session becomes the new user. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => post('/api/auth/confirm-email', { token }, signedInByLinkSchema),
    onSuccess: (answer) => queryClient.setQueryData(meQueryOptions().queryKey, { user: answer.user }),
  });
}

/** Sets a new password with a reset link and signs in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => post('/api/auth/password-reset/confirm', body, signedInByLinkSchema),
    onSuccess: (answer) => queryClient.setQueryData(meQueryOptions().queryKey, { user: answer.user }),
  });
}
