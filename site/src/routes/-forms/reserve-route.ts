import { featureComponent } from '../../lib/feature-component.tsx';
import { leadFormRoute } from './lead-form-route.tsx';

const Reserve = __FEATURE_RESERVE_BUTTON__ ? featureComponent(() => import('../../features/reserve-button/index.tsx')) : null;

/**
 * The reserve page of a car (spec §2 /cars/{slug}/checkout, or /cars/{slug}/buy-online where
 * routes.checkoutPathVariant says so). A hold takes a car off sale for everyone, so the
 * platform requires a signed-in shopper: signed-out visitors go to sign-in
 * (type=checkout, spec §6).
 * @param variant which path this file serves
 */
export function reserveRoute(variant: 'checkout' | 'buy-online') {
  return leadFormRoute({
    Form: Reserve,
    enabled: __FEATURE_RESERVE_BUTTON__,
    title: (tenant) => tenant.labels.reserveCarNow,
    path: `/cars/${variant}`,
    gate: 'checkout',
    needsCar: true,
    when: (tenant) => tenant.routes.checkoutPathVariant === variant,
  });
}
