import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../lib/router-context.ts';

/**
 * The garage pages' gate (spec §6: /my-garage and the dealer-branded garage pages are always
 * gated): the signed-in shopper, or the redirect to sign-in (type=my-garage) with where they were
 * going and where they came from. The session client (and its schema) loads only here.
 * @param context the router context
 * @param href the page asked for
 */
export async function garageUser(context: RouterContext, href: string) {
  const { meQueryOptions } = await import('../../api/auth/me.ts');
  const me = await context.queryClient.ensureQueryData(meQueryOptions(context.services));
  if (!me.user) throw redirect({ statusCode: 302, to: '/sign-in', search: { type: 'my-garage', redirect: href, back: context.previousHref() } });
  return me.user;
}
