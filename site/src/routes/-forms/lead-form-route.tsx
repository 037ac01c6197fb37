import { useLoaderData } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { FormCar } from '../../api/leads/form-car.ts';
import { LeadFormPage } from '../../components/lead-forms/lead-form-page.tsx';
import type { LeadFormPageProps, LeadFormPrefill } from '../../components/lead-forms/lead-form-props.ts';

export type { LeadFormPageProps, LeadFormPrefill } from '../../components/lead-forms/lead-form-props.ts';
import type { FeatureComponent } from '../../lib/feature-component.tsx';
import { carKey, formSearchSchema, type FormSearch } from '../../lib/form-search.ts';
import { pageHead } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import type { SignInSearch } from '../../lib/sign-in-search.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { vehicleTitle } from '../../domain/vehicle-title.ts';

/** What a lead form page is: its form, its switch, its title, and whether it is gated. */
export interface LeadFormRouteSpec {
  /** The form (a switchable feature's lazily loaded component, or a plain component). */
  Form: FeatureComponent<LeadFormPageProps> | ComponentType<LeadFormPageProps> | null;
  /** The feature switch (a literal in the bundle); false = the route answers 404. */
  enabled: boolean;
  /** Page title, or the tenant's label for it (the car's title is added when the URL names one). */
  title: string | ((tenant: RouterContext['tenant']) => string);
  /** Canonical path of the page without a car. */
  path: string;
  /** Sign-in type when the page is gated for this tenant (spec §6). */
  gate?: NonNullable<SignInSearch['type']> | null;
  /** The form needs a car (request photos): without one the page is a 404. */
  needsCar?: boolean;
  /** Only served when the tenant's config says this is its path (finance path override). */
  when?: (tenant: ResolvedTenant) => boolean;
}

/**
 * The options of a lead form route (spec §2 form pages): `?car_id={id or slug}` validated
 * without zod, 404 when the tenant switched the form off (its code is not in that bundle) or the
 * car is unknown, the sign-in redirect of spec §6 where the tenant gates it, the car loaded in
 * the loader (server-rendered), and the head. One definition for every form page.
 */
export function leadFormRoute(spec: LeadFormRouteSpec) {
  // Links to the page (menus, cards, other pages) are shown only where this says yes (lib/route-exists.ts).
  const available = (tenant: ResolvedTenant) => spec.enabled && (!spec.when || spec.when(tenant));
  return {
    staticData: { available, features: async () => (spec.Form as Partial<FeatureComponent<LeadFormPageProps>> | null)?.load?.() },
    validateSearch: (search: Record<string, unknown>): FormSearch => formSearchSchema.parse(search),
    beforeLoad: async ({ context, location, search, params }: { context: RouterContext; location: { href: string }; search: FormSearch; params: { slug?: string } }) =>
      (await import('./lead-form-load.ts')).checkLeadFormRoute(
        { available, gate: spec.gate, car: spec.needsCar ? { key: carKey(search.car_id) ?? carKey(params.slug) } : undefined },
        context,
        location.href,
      ),
    loaderDeps: ({ search }: { search: FormSearch }) => ({
      car: carKey(search.car_id),
      category: search.category,
      prefill: { dealership: search.preferredDealership, amount: search.vehiclePriceBudget },
    }),
    loader: async ({ context, deps, params }: { context: RouterContext; deps: { car?: string | undefined; category?: string | undefined; prefill: LeadFormPrefill }; params: { slug?: string } }) => {
      const form = spec.Form as Partial<FeatureComponent<LeadFormPageProps>> | null;
      // A car page's own form (/cars/{slug}/checkout) names its car in the path.
      const car = deps.car ?? carKey(params.slug);
      const loaded = await (await import('./lead-form-load.ts')).loadLeadFormRoute({ needsCar: spec.needsCar, load: form?.load }, context, { ...deps, car });
      return { ...loaded, prefill: deps.prefill };
    },
    head: ({ match, loaderData }: { match: { context: RouterContext }; loaderData?: { car: FormCar | null } | undefined }) => {
      const car = loaderData?.car ? vehicleTitle(loaderData.car, __FEATURE_SERIES_IN_TITLE__) : null;
      const title = typeof spec.title === 'function' ? spec.title(match.context.tenant) : spec.title;
      const noindex = Boolean(car) || Boolean(spec.gate);
      return pageHead(match.context.tenant, car ? { title: `${title}: ${car}`, noindex } : noindex ? { title, noindex } : { title, canonicalPath: spec.path });
    },
    component: function LeadFormRoutePage() {
      const data = useLoaderData({ strict: false }) as { car?: FormCar | null; category?: string; prefill?: LeadFormPrefill } | undefined;
      const Form = spec.Form;
      return Form ? (
        <LeadFormPage>
          <Form car={data?.car ?? null} headingLevel={1} category={data?.category} prefill={data?.prefill} />
        </LeadFormPage>
      ) : null;
    },
  };
}
