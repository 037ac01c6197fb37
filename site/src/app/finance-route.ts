import { featureComponent } from './feature-component.tsx';
import { leadFormRoute } from './lead-form-route.tsx';

const FinanceEnquiry = __FEATURE_FINANCE_ENQUIRY__ ? featureComponent(() => import('../features/finance-enquiry/index.tsx')) : null;

/**
 * The finance pages of spec §2 (/finance or the tenant's routes.financePath, /finance-enquiry,
 * /apply-for-finance, /personalised/finance?car_id=) all show the finance enquiry; gated behind
 * sign-in (type=finance) where features.gatedFinance is on (spec §6).
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
