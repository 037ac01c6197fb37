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

/** What the cards and the dialog's host get from the provider (card-forms.tsx). */
export interface CardFormsValue {
  forms: CardForms;
  /** Opens a form's dialog from a card's button. */
  open: (button: HTMLElement, modal: LeadFormModal) => void;
  /** The button the dialog was last opened from (focus goes back to it). */
  opener: () => HTMLElement | null;
  /** Starts loading the dialog and the form (a shopper heading for a button). */
  prefetch: (form: CardLeadForm) => void;
}
