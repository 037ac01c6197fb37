import { featureComponent } from '../../lib/feature-component.tsx';
import { leadFormRoute } from './lead-form-route.tsx';

const Reserve = __FEATURE_RESERVE_BUTTON__ ? featureComponent(() => import('../../features/reserve-button/index.tsx')) : null;

/**
 * The reserve page of a car (spec §2 /cars/{slug}/checkout, or /cars/{slug}/buy-online where
 * routes.checkoutPathVariant says so). Gated for the dealers that want it (features.gatedCheckout,
 * spec §6): signed-out visitors go to sign-in (type=checkout). Elsewhere anyone may ask, and the
 * hold starts only when they open the link emailed to them.
 * @param variant which path this file serves
 */
export function reserveRoute(variant: 'checkout' | 'buy-online') {
  return leadFormRoute({
    Form: Reserve,
    enabled: __FEATURE_RESERVE_BUTTON__,
    title: (tenant) => tenant.labels.reserveCarNow,
    path: `/cars/${variant}`,
    gate: __FEATURE_GATED_CHECKOUT__ ? 'checkout' : null,
    needsCar: true,
    when: (tenant) => tenant.routes.checkoutPathVariant === variant,
  });
}
