import { featureComponent } from '../../lib/feature-component.tsx';
import { leadFormRoute } from './lead-form-route.tsx';

const TradeIn = __FEATURE_TRADE_IN__ ? featureComponent(() => import('../../features/trade-in/index.tsx')) : null;
const ValuationEnquiry = __FEATURE_VALUATION_ENQUIRY__ ? featureComponent(() => import('../../features/valuation-enquiry/index.tsx')) : null;

/**
 * The trade-in pages (spec §2): /cars/trade-in?car_id= for a car (features.tradeIn), and the
 * sell-your-car pages /trade-in, /sell-my-car, /sell-your-car (features.sellYourCar, using the
 * same valuation flow; /sell-my-car shows the valuation enquiry where features.valuationEnquiry is
 * on). Gated where the tenant says (features.gatedTradeIn / gatedSellMyCar).
 * @param path the page's path
 * @param kind which feature the page belongs to
 */
export function tradeInRoute(path: string, kind: 'trade-in' | 'sell-your-car' | 'valuation') {
  const gated = kind === 'trade-in' ? __FEATURE_GATED_TRADE_IN__ : __FEATURE_GATED_SELL_MY_CAR__;
  // /sell-my-car offers the valuation enquiry where the site has one (features.valuationEnquiry).
  if (kind === 'valuation' && ValuationEnquiry) {
    return leadFormRoute({ Form: ValuationEnquiry, enabled: __FEATURE_SELL_YOUR_CAR__, title: (tenant) => tenant.labels.getYourValuation, path, gate: gated ? 'trade-in' : null });
  }
  return leadFormRoute({
    Form: TradeIn,
    enabled: __FEATURE_TRADE_IN__ && (kind === 'trade-in' || __FEATURE_SELL_YOUR_CAR__),
    title: kind === 'trade-in' ? 'Trade-In Valuation' : (tenant) => tenant.labels.getYourValuation,
    path,
    gate: gated ? 'trade-in' : null,
  });
}
