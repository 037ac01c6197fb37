import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../lib/feature-component.tsx';
import { leadFormRoute } from './-forms/lead-form-route.tsx';

const RequestPhotos = __FEATURE_REQUEST_PHOTOS__ ? featureComponent(() => import('../features/request-photos/index.tsx')) : null;

// Request photos of a car (/request-photos?car_id={id or slug}); the vehicle page can embed the form.
export const Route = createFileRoute('/request-photos')(
  leadFormRoute({ Form: RequestPhotos, enabled: __FEATURE_REQUEST_PHOTOS__, title: 'Request Photos', path: '/request-photos', needsCar: true }),
);
