import { createFileRoute } from '@tanstack/react-router';
import { featureComponent } from '../../lib/feature-component.tsx';
import { leadFormRoute } from '../-forms/lead-form-route.tsx';

const TestDrive = __FEATURE_TEST_DRIVE__ ? featureComponent(() => import('../../features/test-drive/index.tsx')) : null;

// Book a Test Drive (spec §2 /book-test-drive/, ?car_id={id or slug} from a car).
export const Route = createFileRoute('/book-test-drive/')(
  leadFormRoute({ Form: TestDrive, enabled: __FEATURE_TEST_DRIVE__, title: 'Book a Test Drive', path: '/book-test-drive/' }),
);
