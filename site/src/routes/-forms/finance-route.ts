import { featureComponent } from '../../lib/feature-component.tsx';
import { leadFormRoute } from './lead-form-route.tsx';
import { withCreditCheck } from './personalised-finance.tsx';

const FinanceEnquiry = __FEATURE_FINANCE_ENQUIRY__ ? featureComponent(() => import('../../features/finance-enquiry/index.tsx')) : null;

/**
 * The finance pages of spec §2 (/finance or the tenant's routes.financePath, /finance-enquiry,
 * /apply-for-finance) all show the finance enquiry; gated behind sign-in (type=finance) where
 * features.gatedFinance is on (spec §6).
 * @param path the page's path
 * @param options onlyAsFinancePath: served only when it is the tenant's finance path
 */
export function financeFormRoute(path: string, options: { onlyAsFinancePath?: boolean } = {}) {
  return leadFormRoute({
    Form: FinanceEnquiry,
    enabled: __FEATURE_FINANCE_ENQUIRY__,
    title: 'Finance Enquiry',
    path,
    gate: __FEATURE_GATED_FINANCE__ ? 'finance' : null,
    ...(options.onlyAsFinancePath ? { when: (tenant) => tenant.routes.financePath === path } : {}),
  });
}

/**
 * The personalised finance page of one car (spec §2 /personalised/finance?car_id={id}): the
 * finance enquiry about that car, its price as the amount to borrow. Without a known car it is
 * a 404. Gated (type=car-finance) where the tenant gates finance pages or its credit-check
 * finance page (features.gatedFinance, features.gatedEquifaxFinance; spec §6).
 */
export function personalisedFinanceRoute() {
  return leadFormRoute({
    Form: FinanceEnquiry,
    enabled: __FEATURE_FINANCE_ENQUIRY__,
    title: 'Personalised Finance',
    path: '/personalised/finance',
    ...(__FEATURE_GATED_EQUIFAX_FINANCE__ && FinanceEnquiry ? { Form: withCreditCheck(FinanceEnquiry) } : {}),
    gate: __FEATURE_GATED_FINANCE__ || __FEATURE_GATED_EQUIFAX_FINANCE__ ? 'car-finance' : null,
    needsCar: true,
  });
}
