import type { ComponentType } from 'react';
import type { AnyRouter } from '@tanstack/react-router';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { CardLeadForm } from '../../domain/car-card.ts';
import type { LeadFormPageProps } from '../../components/lead-forms/lead-form-props.ts';
import type { LeadFormModal } from '../../components/lead-forms/lead-form-modal-state.ts';
import type { FeatureComponent } from '../../lib/feature-component.tsx';

/** A lead form a card can open in a dialog: the form page's component and its title. */
export interface CardForm {
  Form: FeatureComponent<LeadFormPageProps>;
  title: (tenant: ResolvedTenant) => string;
}

/** The forms this site's cards open in a dialog; a form left out stays a plain link. */
export type CardForms = Partial<Record<CardLeadForm, CardForm>>;

/** The dialog's host (card-form-modal-host.tsx), as loaded. */
export interface CardFormHostModule {
  default: ComponentType<{ forms: CardForms; opener: HTMLElement | null }>;
  openLeadFormModal: (router: Pick<AnyRouter, 'navigate' | 'state' | 'options'>, modal: LeadFormModal) => Promise<void>;
}

/**
 * What the search route loads on a shopper's intent: the site's forms and the host's loader.
 * A module of its own, loaded on demand, so that the lists of files Vite preloads with the
 * forms' and the host's code sit in it and not in the search page's first download.
 */
export interface CardFormsModule {
  forms: CardForms;
  loadHost: () => Promise<CardFormHostModule>;
}
