import { useState } from 'react';
import { featureComponent, type FeatureComponent } from '../../lib/feature-component.tsx';
import type { LeadFormPageProps } from './lead-form-route.tsx';

/*
 * The personalised finance page of a dealer whose finance process runs a credit check
 * (features.gatedEquifaxFinance): the credit-check step first, then the finance enquiry. Composed
 * here because features never import each other.
 */

const CreditCheck = __FEATURE_GATED_EQUIFAX_FINANCE__ ? featureComponent(() => import('../../features/credit-check/index.tsx')) : null;

/** The credit-check step, and once consented the finance enquiry. */
function PersonalisedFinance({ Enquiry, ...props }: LeadFormPageProps & { Enquiry: FeatureComponent<LeadFormPageProps> }) {
  const [consented, setConsented] = useState(false);
  if (!CreditCheck || !props.car) return <Enquiry {...props} />;
  if (!consented) return <CreditCheck car={props.car} onConsented={() => setConsented(true)} />;
  return (
    <>
      <p role="status">Thank you: your consent to the credit check is recorded. Now tell us about the finance you need.</p>
      <Enquiry {...props} headingLevel={1} />
    </>
  );
}

/**
 * The page's form: the credit-check step, and once consented the finance enquiry.
 * @param FinanceEnquiry the finance enquiry feature
 */
export function withCreditCheck(FinanceEnquiry: FeatureComponent<LeadFormPageProps>): FeatureComponent<LeadFormPageProps> {
  const Form = (props: LeadFormPageProps) => <PersonalisedFinance Enquiry={FinanceEnquiry} {...props} />;
  Form.load = () => Promise.all([FinanceEnquiry.load(), CreditCheck?.load()]);
  return Form;
}
