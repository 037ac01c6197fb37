import type { FormCar } from '../../api/leads/form-car.ts';

/** Props every lead form page passes its form. */
export interface LeadFormPageProps {
  car?: FormCar | null | undefined;
  headingLevel?: 1 | 2;
  category?: string | undefined;
  /** What the link to the page filled in (spec §2 finance link: preferredDealership, vehiclePriceBudget). */
  prefill?: LeadFormPrefill | undefined;
}

/** Values a link to a form page fills in. */
export interface LeadFormPrefill {
  dealership?: string | undefined;
  amount?: number | undefined;
}
