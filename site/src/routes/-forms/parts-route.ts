import { featureComponent } from '../../lib/feature-component.tsx';
import { leadFormRoute } from './lead-form-route.tsx';

const PartsOrder = __FEATURE_PARTS_ORDER__ ? featureComponent(() => import('../../features/parts-order/index.tsx')) : null;

/** The parts order pages of spec §2 (/vehicle-parts-and-accessories, /parts/search). */
export function partsOrderRoute(path: string) {
  return leadFormRoute({ Form: PartsOrder, enabled: __FEATURE_PARTS_ORDER__, title: (tenant) => tenant.labels.partsFormTitle, path });
}
