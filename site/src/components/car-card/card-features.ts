import type { CardFeatures } from '../../domain/car-card.ts';

/**
 * The site's switches a car card reads (domain car-card.ts), compiled in per tenant so a card's
 * switched-off buttons cost nothing at run time.
 */
export const CARD_FEATURES: CardFeatures = {
  seriesInTitle: __FEATURE_SERIES_IN_TITLE__,
  testDrive: __FEATURE_TEST_DRIVE__,
  financeEnquiry: __FEATURE_FINANCE_ENQUIRY__,
  financeSummary: __FEATURE_FINANCE_SUMMARY__,
  reserveButton: __FEATURE_RESERVE_BUTTON__,
  buyOnline: __FEATURE_BUY_ONLINE__,
  onlinePurchase: __FEATURE_ONLINE_PURCHASE__,
  subscriptionLayout: __FEATURE_SUBSCRIPTION_LAYOUT__,
  viewCounts: __FEATURE_VIEW_COUNTS__,
};
