import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { leadFormRoute } from './-forms/lead-form-route.tsx';

const OnlinePurchase = __FEATURE_ONLINE_PURCHASE__ ? featureComponent(() => import('../features/online-purchase/index.tsx')) : null;

// The online purchase journey (spec §2 /checkout-journey?car_id={id or slug}): 404 where the
// tenant has features.onlinePurchase off, without a car, or for an unknown car. An order holds
// the car in the shopper's name, as a reservation does, so signed-out visitors sign in first.
export const Route = createFileRoute('/checkout-journey')(
  leadFormRoute({
    Form: OnlinePurchase,
    enabled: __FEATURE_ONLINE_PURCHASE__,
    title: (tenant) => tenant.labels.onlinePurchase,
    path: '/checkout-journey',
    gate: 'checkout',
    needsCar: true,
  }),
);
