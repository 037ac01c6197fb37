import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { leadFormRoute } from './-forms/lead-form-route.tsx';

const ServiceBooking = __FEATURE_SERVICE_BOOKING__ ? featureComponent(() => import('../features/service-booking/index.tsx')) : null;

// Service booking (spec §2 /service, /service#service-booking).
export const Route = createFileRoute('/service')(leadFormRoute({ Form: ServiceBooking, enabled: __FEATURE_SERVICE_BOOKING__, title: 'Book a Service', path: '/service' }));
