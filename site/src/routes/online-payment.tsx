import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { leadFormRoute } from './-forms/lead-form-route.tsx';

const OnlinePayment = __FEATURE_ONLINE_PAYMENT__ ? featureComponent(() => import('../features/online-payment/index.tsx')) : null;

// Pay an invoice or a deposit (spec §2 /online-payment): always behind sign-in (spec §6).
export const Route = createFileRoute('/online-payment')(
  leadFormRoute({ Form: OnlinePayment, enabled: __FEATURE_ONLINE_PAYMENT__, title: 'Online Payment', path: '/online-payment', gate: 'online-payment' }),
);
