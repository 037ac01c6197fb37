import { useId, type ReactNode } from 'react';
import type { FormCar } from '../../api/leads/form-car.ts';
import { LeadForm, type LeadFormConfig } from '../form-kit/lead-form.tsx';
import { useLeadFormHost } from '../form-kit/lead-form-host.ts';
import { CarSummary } from './car-summary.tsx';

/**
 * A lead form with its heading, an optional intro and the car it is about: the frame every
 * form of the site shares (enquiry, test drive, finance, service, parts, photos, valuation).
 */
export function LeadFormSection({
  title,
  intro,
  car,
  config,
  headingLevel = 2,
  carSummary = true,
  anchor,
  children,
}: {
  title: string;
  intro?: ReactNode;
  car?: FormCar | null | undefined;
  config: LeadFormConfig;
  headingLevel?: 1 | 2;
  /** Show the car the form is about (false on the car's own page). */
  carSummary?: boolean;
  /** The section's id, for links that land on the form (#finance-form). */
  anchor?: string | undefined;
  children: ReactNode;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-title`;
  // In a dialog the dialog's title is the form's heading (one heading, not two).
  const titled = useLeadFormHost()?.titled === true;
  return (
    <section id={anchor} {...(titled ? {} : { 'aria-labelledby': headingId })}>
      {titled ? null : <Heading id={headingId}>{title}</Heading>}
      {intro ? <p>{intro}</p> : null}
      {car && carSummary ? <CarSummary car={car} /> : null}
      <LeadForm label={title} config={config}>
        {children}
      </LeadForm>
    </section>
  );
}
