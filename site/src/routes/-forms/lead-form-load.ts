import { notFound, redirect } from '@tanstack/react-router';
import type { FormCar } from '../../api/leads/form-car.ts';
import { loadFormCar } from './form-route.ts';
import { requireAvailable } from '../../lib/route-exists.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import type { SignInSearch } from '../../lib/sign-in-search.ts';

/*
 * The work of a lead form route before it renders, loaded on demand (route options sit in every
 * page's first download; this does not need to).
 */

/** What a lead form route checks before loading. */
export interface LeadFormGate {
  /** Whether the tenant has the form at this path (the route's `staticData.available`). */
  available: (tenant: RouterContext['tenant']) => boolean;
  gate?: NonNullable<SignInSearch['type']> | null | undefined;
  /** The car a page that needs one names (`key` undefined: none named). */
  car?: { key: string | undefined } | undefined;
}

/**
 * 404 where the tenant switched the form off (or it is not this tenant's path), and the sign-in
 * redirect of spec §6 (type, redirect and back) where the tenant gates it. A gated page about a
 * car answers 404 for a missing or unknown car before asking anyone to sign in.
 */
export async function checkLeadFormRoute(spec: LeadFormGate, context: RouterContext, href: string) {
  requireAvailable(spec.available, context.tenant);
  if (!spec.gate) return;
  if (spec.car) {
    if (!spec.car.key) throw notFound();
    await loadFormCar(context, spec.car.key);
  }
  const { meQueryOptions } = await import('../../api/auth/me.ts');
  const me = await context.queryClient.ensureQueryData(meQueryOptions(context.services));
  if (!me.user) throw redirect({ statusCode: 302, to: '/sign-in', search: { type: spec.gate, redirect: href, back: context.previousHref() } });
}

/** The car a form page names (404 when unknown, or when the form needs one and has none) and the form's code. */
export async function loadLeadFormRoute(
  spec: { needsCar?: boolean | undefined; load?: (() => Promise<unknown>) | undefined },
  context: RouterContext,
  deps: { car?: string | undefined; category?: string | undefined },
): Promise<{ car: FormCar | null; category: string | undefined }> {
  if (spec.needsCar && !deps.car) throw notFound();
  const [car] = await Promise.all([loadFormCar(context, deps.car), spec.load?.()]);
  return { car, category: deps.category };
}
